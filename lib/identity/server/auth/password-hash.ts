// Owns password hashing: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash`, verified in constant time.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's Password Storage Cheat Sheet (2025): scrypt N = 2^17 (128 MiB), r = 8, p = 1. needsRehash lets
 * sign-in upgrade hashes stored with weaker parameters.
 */
export const DEFAULT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The parameters new hashes get: OWASP's, except in a test run that lowered them with
 * setPasswordHashParamsForTests. Verification always reads the parameters from the stored hash.
 */
let hashParams: ScryptParams = DEFAULT_PARAMS;

/**
 * Test runs only (Vitest sets VITEST): hundreds of test users at 128 MiB and a CPU-second each were most of the
 * integration suite's time. `null` restores OWASP's parameters, which password-hash.test.ts and sign-in.test.ts
 * prove. Anywhere else it throws, so a deployment cannot lower its own cost.
 */
export function setPasswordHashParamsForTests(params: ScryptParams | null): void {
  if (!process.env.VITEST) throw new Error('setPasswordHashParamsForTests is for test runs only');
  hashParams = params ?? DEFAULT_PARAMS;
}
/**
 * At most this many derivations run at once per process: each holds 128 MiB, and the machine has two cores.
 * Sign-in throttling (sign-in-throttle.ts) refuses guessing before it reaches this queue.
 */
const MAX_CONCURRENT_DERIVATIONS = 2;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Stored hashes are ours, but a corrupted or hostile row must not be able to pin a CPU or exhaust memory.
const MAX_N = 2 ** 20;
const MAX_RP = 16;

let running = 0;
const waiting: (() => void)[] = [];

async function withDerivationSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing derivation hands its slot straight to the next waiter, so `running` never over-admits.
  if (running >= MAX_CONCURRENT_DERIVATIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return withDerivationSlot(() => deriveNow(password, salt, params));
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes, more than Node's default maxmem (32 MiB).
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
  const params = hashParams;
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
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
    Number(N) < hashParams.N ||
    Number(r) !== hashParams.r ||
    Number(p) !== hashParams.p
  );
}
