// Owns one-way digests and constant-time comparison used across auth and idempotency.
import { createHash, timingSafeEqual } from 'node:crypto';

export function sha256Hex(input: string | Uint8Array): string {
  return createHash('sha256').update(input).digest('hex');
}

/** Compares two strings without leaking where they differ through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Compare against itself on a length mismatch so the time taken does not depend on the input.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
