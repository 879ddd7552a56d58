// Owns answering a stored file as a download: type, disposition with the file name, length and Repr-Digest.
// (Replaced by the wrapper's file responses once they are on main.)
import type { ProofContent } from './proofs';

/** RFC 6266 / 8187: an ASCII fallback name plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function fileResponse(file: ProofContent): Response {
  return new Response(new Uint8Array(file.content), {
    status: 200,
    headers: {
      'content-type': file.mimeType,
      'content-disposition': contentDisposition(file.fileName),
      'content-length': String(file.content.length),
      'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
