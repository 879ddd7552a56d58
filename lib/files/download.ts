// Owns the download answer of a stored file: its bytes with Content-Type, Content-Disposition and Repr-Digest.
// (Replaced by the wrapper's file response helper once the platform provides one.)
import type { FileContent } from './sender-files';

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8 (RFC 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function fileResponse(file: FileContent): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      'content-type': file.mimeType,
      'content-length': String(file.bytes.length),
      'content-disposition': contentDisposition(file.fileName),
      // RFC 9530: the digest of the representation, base64 between colons.
      'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
