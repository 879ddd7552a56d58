// Owns password hashing: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash`, verified in constant time.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * N = 2^15 (32 MiB, ~100 ms on one core here): below OWASP's 2^17 so concurrent sign-ins stay affordable on two
 * cores. needsRehash tells a stored hash made with weaker parameters; nothing re-hashes at sign-in yet (the day N
 * is raised, sign-in should call it and store a new hash).
 */
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Stored hashes are ours, but a corrupted or hostile row must not be able to pin a CPU or exhaust memory.
const MAX_N = 2 ** 20;
const MAX_RP = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is exactly too small for N = 2^15, r = 8.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0) throw new Error('password must not be empty');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** False for a wrong password and for a stored value that is not one of our hashes (never throws on bad input). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!isPowerOfTwo(N) || N > MAX_N || !Number.isInteger(r) || !Number.isInteger(p)) return false;
  if (r < 1 || r > MAX_RP || p < 1 || p > MAX_RP) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash uses weaker parameters than today's, so sign-in can re-hash it. */
export function needsRehash(stored: string): boolean {
  const [scheme, N, r, p] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(N) < DEFAULT_PARAMS.N ||
    Number(r) !== DEFAULT_PARAMS.r ||
    Number(p) !== DEFAULT_PARAMS.p
  );
}
