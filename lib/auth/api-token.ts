// Owns verification of a signed request's bearer token: ES256 only, claims, lifetime, uri and body hash.
import type { KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { computeBodyHash } from '@/lib/client/sign';
import { constantTimeEqual, sha256Hex } from '@/lib/crypto/hash';

/** Seconds of clock skew tolerated on nbf, iat and exp. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** Longest lifetime (exp − iat) a token may claim. */
export const MAX_TOKEN_LIFETIME_SECONDS = 300;

export interface TokenCheck {
  token: string;
  apiKey: string;
  publicKey: KeyObject;
  sharedSecret: string;
  /** Path and query of the request exactly as received. */
  uri: string;
  rawBody: Uint8Array;
  nowSeconds: number;
}

export interface VerifiedToken {
  /** Identity of the token for replay detection: digest of its payload (signatures are malleable). */
  digest: string;
  expiresAt: Date;
}

/** Why a token was refused: logged for operators, never sent to the client (every refusal is the same 401). */
export class TokenRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

const isWholeSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

export async function verifyApiToken(check: TokenCheck): Promise<VerifiedToken> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(check.token);
  } catch {
    throw new TokenRejected('malformed token');
  }
  if (header.alg !== 'ES256') throw new TokenRejected(`algorithm ${String(header.alg)} refused`);

  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(check.token, check.publicKey, {
      algorithms: ['ES256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(check.nowSeconds * 1000),
      requiredClaims: ['sub', 'nbf', 'iat', 'exp'],
    }));
  } catch (error) {
    // jose's class names are minified in the Next bundle: branch on the stable `code` instead.
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'unknown';
    throw new TokenRejected(`jwt verification failed (${code})`);
  }

  const { sub, uri, nbf, iat, exp, bodyHash } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !constantTimeEqual(sub, check.apiKey))
    throw new TokenRejected('sub mismatch');
  if (!isWholeSeconds(nbf) || !isWholeSeconds(iat) || !isWholeSeconds(exp)) {
    throw new TokenRejected('time claims must be whole seconds');
  }
  if (iat > check.nowSeconds + CLOCK_TOLERANCE_SECONDS) throw new TokenRejected('issued in the future');
  if (exp <= iat || exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw new TokenRejected('lifetime too long');
  if (typeof uri !== 'string' || uri !== check.uri) throw new TokenRejected('uri mismatch');
  if (typeof bodyHash !== 'string') throw new TokenRejected('bodyHash missing');
  const expected = computeBodyHash(check.sharedSecret, check.uri, check.rawBody, nbf);
  if (!constantTimeEqual(bodyHash, expected)) throw new TokenRejected('bodyHash mismatch');

  const payloadSegment = check.token.split('.')[1] ?? '';
  return { digest: sha256Hex(payloadSegment), expiresAt: new Date(exp * 1000) };
}
