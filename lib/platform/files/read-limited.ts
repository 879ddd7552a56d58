// Owns reading an uploaded file within its limit, hashed as it streams (sender documents and batch source files).
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
