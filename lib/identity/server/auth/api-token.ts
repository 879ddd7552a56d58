// Owns verification of a signed request's bearer token: ES256 only, its claims and lifetime, the uri it was signed
// for, and — once the body has been read, after authentication — the body hash.
import type { KeyObject } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import type { TokenRefusalReason } from '@/lib/identity/contract/api-keys-enums';
import { computeBodyHash } from '@/lib/platform/client/sign';
import { constantTimeEqual, sha256Hex } from '@/lib/platform/crypto/hash';

export { TOKEN_REFUSAL_REASONS, type TokenRefusalReason } from '@/lib/identity/contract/api-keys-enums';

/** Seconds of clock skew tolerated on nbf, iat and exp. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** Longest lifetime (exp − iat) a token may claim. */
export const MAX_TOKEN_LIFETIME_SECONDS = 300;
/**
 * A time claim above this is in milliseconds: as seconds it would be in the year 5138, as milliseconds it is any
 * date after March 1973.
 */
const MILLISECONDS_FROM = 100_000_000_000;
/** An ES256 signature in a JWS is R‖S, 32 bytes each (RFC 7518 §3.4), never DER. */
const RAW_SIGNATURE_BYTES = 64;

/**
 * A refused credential. `reason` is the operator's wording for the log; `code`, when set, is what the sandbox may
 * tell the client, and `comparedUri` the uri the server compared the claim with.
 */
export class TokenRejected extends Error {
  constructor(
    readonly reason: string,
    readonly code?: TokenRefusalReason,
    readonly comparedUri?: string,
  ) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

export interface TokenCheck {
  token: string;
  apiKey: string;
  publicKey: KeyObject;
  /** Path and query of the request exactly as received (lib/platform/http/raw-target.ts). */
  uri: string;
  /** False when the raw target the server was given is not the request it routed: no claim can match it. */
  uriTrusted?: boolean;
  /** The request's method; a token's optional `method` claim must name it (HEAD reads as GET). */
  method?: string;
  nowSeconds: number;
  /** For a caller that holds the body already (tests, tools): with both, the body hash is checked too. */
  sharedSecret?: string;
  rawBody?: Uint8Array;
}

export interface VerifiedToken {
  /** Identity of the token for replay detection: digest of its payload (signatures are malleable). */
  digest: string;
  expiresAt: Date;
  /** What the body hash is checked against once the body has been read. */
  uri: string;
  nbf: number;
  bodyHash: string;
}

const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

function signatureBytes(token: string): Buffer {
  return Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
}

async function verifiedPayload(token: string, publicKey: KeyObject): Promise<Record<string, unknown>> {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new TokenRejected('malformed token', 'token_malformed');
  }
  if (alg !== 'ES256') throw new TokenRejected(`algorithm ${String(alg)} refused`, 'algorithm_not_es256');
  const signature = signatureBytes(token);
  if (signature.length !== RAW_SIGNATURE_BYTES) {
    // An ASN.1 SEQUENCE: the signature left the crypto library in DER and was not converted to R‖S.
    const der = signature[0] === 0x30;
    throw new TokenRejected(
      der ? 'signature is DER, not raw R‖S' : `signature is ${signature.length} bytes`,
      der ? 'signature_not_raw_r_s' : 'signature_invalid',
    );
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, publicKey, { algorithms: ['ES256'] }));
  } catch (error) {
    // jose's class names are minified in the Next bundle: log the stable `code` instead.
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'unknown';
    throw new TokenRejected(`signature verification failed (${code})`, 'signature_invalid');
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    throw new TokenRejected('payload is not JSON', 'token_malformed');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new TokenRejected('payload is not a JSON object', 'token_malformed');
  }
  return claims as Record<string, unknown>;
}

/**
 * The signature, then every claim except `bodyHash`: all that can be checked before the body is read, so a request
 * that fails here never has its body read (DESIGN "The request pipeline").
 */
export async function verifyApiToken(check: TokenCheck): Promise<VerifiedToken> {
  const claims = await verifiedPayload(check.token, check.publicKey);
  const { sub, uri, nbf, iat, exp, bodyHash } = claims;
  if (typeof sub !== 'string' || nbf === undefined || iat === undefined || exp === undefined) {
    throw new TokenRejected('sub, nbf, iat or exp missing', 'claims_missing');
  }
  if (typeof uri !== 'string' || typeof bodyHash !== 'string') {
    throw new TokenRejected('uri or bodyHash missing', 'claims_missing');
  }
  if (!constantTimeEqual(sub, check.apiKey)) throw new TokenRejected('sub mismatch', 'sub_mismatch');
  if (!isWholeNumber(nbf) || !isWholeNumber(iat) || !isWholeNumber(exp)) {
    throw new TokenRejected('time claims must be whole seconds', 'time_claims_not_whole_seconds');
  }
  if (nbf >= MILLISECONDS_FROM || iat >= MILLISECONDS_FROM || exp >= MILLISECONDS_FROM) {
    throw new TokenRejected('time claims in milliseconds', 'nbf_in_milliseconds');
  }
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
    throw new TokenRejected('lifetime too long', 'lifetime_too_long');
  if (exp <= iat) throw new TokenRejected('exp is not after iat', 'expired');
  const now = check.nowSeconds;
  if (nbf > now + CLOCK_TOLERANCE_SECONDS || iat > now + CLOCK_TOLERANCE_SECONDS) {
    throw new TokenRejected('not yet valid', 'not_yet_valid');
  }
  if (exp <= now - CLOCK_TOLERANCE_SECONDS) throw new TokenRejected('expired', 'expired');
  if (check.uriTrusted === false || uri !== check.uri) {
    throw new TokenRejected('uri mismatch', 'uri_mismatch', check.uri);
  }
  // Optional in v2 (a token without it is good for any method of its uri): when present, a token signed for a GET
  // cannot make a DELETE of the same uri.
  if (
    claims.method !== undefined &&
    check.method !== undefined &&
    !methodMatches(claims.method, check.method)
  ) {
    throw new TokenRejected('method mismatch', 'method_mismatch');
  }

  const payloadSegment = check.token.split('.')[1] ?? '';
  const verified = { digest: sha256Hex(payloadSegment), expiresAt: new Date(exp * 1000), uri, nbf, bodyHash };
  if (check.sharedSecret !== undefined && check.rawBody !== undefined) {
    verifyBodyHash(verified, check.sharedSecret, check.rawBody);
  }
  return verified;
}

/** The claim is the upper-case method; a HEAD is the GET without its body, so either names the other. */
function methodMatches(claim: unknown, method: string): boolean {
  const asGet = (value: string) => (value === 'HEAD' ? 'GET' : value);
  return typeof claim === 'string' && asGet(claim) === asGet(method.toUpperCase());
}

/** The last check, once the body has been read: the token's bodyHash covers these exact bytes. */
export function verifyBodyHash(token: VerifiedToken, sharedSecret: string, rawBody: Uint8Array): void {
  const expected = computeBodyHash(sharedSecret, token.uri, rawBody, token.nbf);
  if (!constantTimeEqual(token.bodyHash, expected)) {
    throw new TokenRejected('bodyHash mismatch', 'body_hash_mismatch');
  }
}
