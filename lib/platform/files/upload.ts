// Owns reading an uploaded file safely: the body to its end within a limit, hashed as it streams, and a name safe to
// keep and to send back. Sender documents and batch source files both take uploads this way.
import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/platform/errors/api-error';

/**
 * Reads a body to its end, hashing as it goes, and stops with `payload_too_large` as soon as it passes the limit (so an
 * oversized upload is never held whole in memory).
 */
export async function readLimited(
  source: AsyncIterable<Uint8Array> | Uint8Array,
  limit: number,
): Promise<{ bytes: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  const chunksOf = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunksOf) {
    size += chunk.byteLength;
    if (size > limit) {
      throw new ApiError('payload_too_large', `The file is larger than ${limit / (1024 * 1024)} MiB`);
    }
    hash.update(chunk);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return { bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}

/**
 * A name safe to keep and to send back in Content-Disposition: no path, no control characters, no quote, at most 200
 * characters; `fallback` when nothing is left.
 */
export function safeFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}
