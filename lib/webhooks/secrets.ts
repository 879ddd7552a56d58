// Owns webhook signing secrets: generated as `whsec_…`, shown once, stored only encrypted (lib/crypto).
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';
import { randomToken } from '@/lib/crypto/tokens';

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** 32 random bytes; the whole string (prefix included) is the HMAC key, as with Stripe. */
export function generateSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomToken(32)}`;
}

/** Encrypts an endpoint's secret (current or previous: both belong to the same row). */
export function sealSigningSecret(_endpointId: string, secret: string): string {
  return encryptSecret(secret);
}

// Decrypted secrets by ciphertext: every delivery signs, and a rotation writes a new ciphertext (a new entry), so an
// entry can never be stale. Bounded, and process memory only.
const opened = new Map<string, string>();
const MAX_OPENED = 1_000;

export function openSigningSecret(_endpointId: string, sealed: string): string {
  let secret = opened.get(sealed);
  if (secret === undefined) {
    secret = decryptSecret(sealed);
    if (opened.size >= MAX_OPENED) opened.clear();
    opened.set(sealed, secret);
  }
  return secret;
}
