// Owns file and stream answers: Content-Type, Content-Disposition and Repr-Digest (RFC 9530), and the write timeout
// of a streamed one, from one place.
import { createHash } from 'node:crypto';
import { log } from '@/lib/platform/log';
import type { FileBody } from '@/lib/platform/operations/operation';

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

/** How a streamed answer is watched: the write timeout, what to call when it ends however it ends, and for the log. */
export interface StreamOptions {
  writeTimeoutMs: number;
  onEnd?: (outcome: StreamOutcome) => void;
  /**
   * Told when the source fails after the status went out: the body is errored, so the server aborts the connection
   * instead of ending it (no final chunk) and the client's HTTP library reports a cut-off transfer, never a short file
   * that looks complete (see /docs "Files and streams"); the log must say so too.
   */
  onFail?: (error: unknown, bytesSent: number) => void;
  logFields?: Record<string, unknown>;
}

export type StreamOutcome = 'completed' | 'failed' | 'cancelled' | 'write_timeout';

/**
 * The stream as served: each chunk is produced only when the client has taken the one before (the queue holds one),
 * and a client that takes nothing for `writeTimeoutMs` loses the stream — the source is cancelled (so its generator
 * returns and frees what it holds), the answer errors and the abort is logged. Next drops the connection only once
 * its pending write drains, so the front (scripts/front.mjs) closes a connection on which nothing moves as well.
 * `onEnd` runs exactly once, when the stream completes, fails, is cancelled by the client or times out.
 */
export function guardedStream(
  source: ReadableStream<Uint8Array>,
  options: StreamOptions,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let bytes = 0;
  const end = (outcome: StreamOutcome) => {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    options.onEnd?.(outcome);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(timer);
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          end('completed');
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        options.onFail?.(error, bytes);
        controller.error(error);
        end('failed');
        return;
      }
      timer = setTimeout(() => {
        log('warn', 'stream aborted: the client stopped reading', {
          ...options.logFields,
          write_timeout_ms: options.writeTimeoutMs,
          bytes_sent: bytes,
        });
        const reason = new Error(`client took no data for ${options.writeTimeoutMs} ms`);
        controller.error(reason);
        reader.cancel(reason).catch(() => {});
        end('write_timeout');
      }, options.writeTimeoutMs);
    },
    async cancel(reason) {
      end('cancelled');
      await reader.cancel(reason);
    },
  });
}

export function fileResponse(
  file: FileBody,
  status: number,
  headers: Headers,
  stream?: StreamOptions,
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
  const body = file.body instanceof Uint8Array || !stream ? file.body : guardedStream(file.body, stream);
  return new Response(body as BodyInit, { status, headers });
}
