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

/** Told when a streamed file fails after its status went out: the log must not say it was served whole. */
export type StreamAbortHandler = (error: unknown, bytesSent: number) => void;

/**
 * Passes a streamed body through unchanged; when its source fails, reports it and errors the stream, so the server
 * aborts the connection instead of ending the body (no final chunk): the client's HTTP library reports a cut-off
 * transfer, never a short file that looks complete (see /docs "Files and streams").
 */
function watchedStream(
  body: ReadableStream<Uint8Array>,
  onAbort: StreamAbortHandler,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else {
          sent += value.byteLength;
          controller.enqueue(value);
        }
      } catch (error) {
        onAbort(error, sent);
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function fileResponse(
  file: FileBody,
  status: number,
  headers: Headers,
  onAbort?: StreamAbortHandler,
): Response {
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
  const body = file.body instanceof Uint8Array || !onAbort ? file.body : watchedStream(file.body, onAbort);
  return new Response(body as BodyInit, { status, headers });
}
