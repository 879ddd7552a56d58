// Owns signing one v2 API request: the ES256 bearer token and its bodyHash (the server verifies with computeBodyHash).
//
// Deliberately free of app imports (only jose and node:crypto) so integrators can copy lib/platform/client as it is, and so the
// server verifies with the very function that signs.
import { createHmac, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

/** The server refuses tokens whose `exp − iat` exceeds this. */
export const MAX_TOKEN_LIFETIME_SECONDS = 300;
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 60;

export type RequestBody = string | Uint8Array | undefined;

export interface SignRequestInput {
  apiKey: string;
  /** The ES256 (P-256) private key as PKCS#8 PEM, as issued with the key. */
  privateKeyPem: string;
  /** The shared secret string as issued; its UTF-8 bytes are the HMAC key. */
  sharedSecret: string;
  /**
   * Signed as the `method` claim (upper-case): the server then refuses the token for any other method, so a token
   * signed for a GET can never make a DELETE of the same uri. Optional for the server in v2; always sent here.
   */
  method: string;
  /** Path plus `?query` exactly as it will be sent (e.g. `/api/v2/funding/transactions?limit=100`). */
  uri: string;
  /** The raw body exactly as it will be sent; absent or empty for GET. */
  body?: RequestBody;
  /** Seconds since the epoch; defaults to the current time. */
  now?: number;
  lifetimeSeconds?: number;
}

export interface SignedHeaders {
  'x-api-key': string;
  authorization: string;
}

const encoder = new TextEncoder();

function bytesOf(value: RequestBody): Uint8Array {
  if (value === undefined) return new Uint8Array(0);
  return typeof value === 'string' ? encoder.encode(value) : value;
}

/**
 * base64 (standard alphabet, padded) of HMAC-SHA512 keyed with the UTF-8 bytes of `sharedSecret` over
 * `uri` + raw body bytes + `nbf` as a decimal integer. Byte-exact: the body is never re-encoded or parsed.
 */
export function computeBodyHash(sharedSecret: string, uri: string, body: RequestBody, nbf: number): string {
  return createHmac('sha512', encoder.encode(sharedSecret))
    .update(encoder.encode(uri))
    .update(bytesOf(body))
    .update(encoder.encode(String(nbf)))
    .digest('base64');
}

// importPKCS8 parses and validates the PEM each call; integrators sign per request, so keep the parsed key.
const keyCache = new Map<string, Promise<CryptoKey>>();

function privateKey(pem: string): Promise<CryptoKey> {
  let key = keyCache.get(pem);
  if (!key) {
    key = importPKCS8(pem, 'ES256');
    // A bad PEM must not stay cached as a rejected promise.
    key.catch(() => keyCache.delete(pem));
    if (keyCache.size >= 32) keyCache.clear();
    keyCache.set(pem, key);
  }
  return key;
}

/** The two headers that authenticate one request. Sign each request (and each retry) afresh. */
export async function signRequest(input: SignRequestInput): Promise<SignedHeaders> {
  const lifetime = input.lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime <= 0 || lifetime > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new RangeError(`lifetimeSeconds must be a whole number from 1 to ${MAX_TOKEN_LIFETIME_SECONDS}`);
  }
  if (!input.uri.startsWith('/')) {
    throw new TypeError('uri must be the request path (and query) starting with "/", not a full URL');
  }
  if (!input.apiKey) throw new TypeError('apiKey is required');
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(now)) throw new TypeError('now must be whole seconds since the epoch');

  const token = await new SignJWT({
    uri: input.uri,
    method: input.method.toUpperCase(),
    bodyHash: computeBodyHash(input.sharedSecret, input.uri, input.body, now),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setSubject(input.apiKey)
    .setNotBefore(now)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    // Two identical requests within one second must still be distinct tokens (state-changing tokens are single-use).
    .setJti(randomUUID())
    .sign(await privateKey(input.privateKeyPem));

  return { 'x-api-key': input.apiKey, authorization: `Bearer ${token}` };
}
