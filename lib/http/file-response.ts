// Owns file and stream answers: Content-Type, Content-Disposition and Repr-Digest (RFC 9530), from one place.
import { createHash } from 'node:crypto';
import type { FileBody } from '@/lib/api/operation';

/** `sha-256=:<base64>:` — the digest of the whole representation, from its bytes or a stored SHA-256 (hex). */
export function reprDigest(input: { bytes: Uint8Array } | { sha256: string | Uint8Array }): string {
  const digest =
    'bytes' in input
      ? createHash('sha256').update(input.bytes).digest()
      : typeof input.sha256 === 'string'
        ? Buffer.from(input.sha256, 'hex')
        : Buffer.from(input.sha256);
  return `sha-256=:${digest.toString('base64')}:`;
}

/**
 * RFC 6266: a plain ASCII `filename` for old clients (quotes and backslashes escaped, anything else outside
 * printable ASCII replaced) and `filename*` in UTF-8 for the exact name.
 */
export function contentDisposition(disposition: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function fileResponse(file: FileBody, status: number, headers: Headers): Response {
  headers.set('content-type', file.contentType);
  headers.set('content-disposition', contentDisposition(file.disposition ?? 'attachment', file.filename));
  // Files are the organization's own documents: never kept by shared caches.
  headers.set('cache-control', 'private, no-store');
  headers.set('x-content-type-options', 'nosniff');
  if (file.body instanceof Uint8Array) {
    headers.set('content-length', String(file.body.byteLength));
    headers.set('repr-digest', reprDigest(file.sha256 ? { sha256: file.sha256 } : { bytes: file.body }));
  } else if (file.sha256) {
    headers.set('repr-digest', reprDigest({ sha256: file.sha256 }));
  }
  return new Response(file.body as BodyInit, { status, headers });
}
