// Owns webhook signing secrets: generated as `whsec_…`, shown once, stored only encrypted (lib/platform/crypto).
import { decryptSecret, encryptSecret } from '@/lib/platform/crypto/secrets';
import { randomToken } from '@/lib/platform/crypto/tokens';

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** 32 random bytes; the whole string (prefix included) is the HMAC key, as with Stripe. */
export function generateSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomToken(32)}`;
}

/** Bound to its endpoint's row (current and previous secrets share it, so a rotation may move one into the other). */
export const webhookSecretContext = (endpointId: string) => `webhook_endpoints:${endpointId}:signing_secret`;

/** Encrypts an endpoint's secret (current or previous). */
export function sealSigningSecret(endpointId: string, secret: string): string {
  return encryptSecret(secret, webhookSecretContext(endpointId));
}

// Decrypted secrets by ciphertext: every delivery signs, and a rotation writes a new ciphertext (a new entry), so an
// entry can never be stale. Bounded, and process memory only.
const opened = new Map<string, string>();
const MAX_OPENED = 1_000;

export function openSigningSecret(endpointId: string, sealed: string): string {
  const key = `${endpointId}\n${sealed}`;
  let secret = opened.get(key);
  if (secret === undefined) {
    secret = decryptSecret(sealed, webhookSecretContext(endpointId));
    if (opened.size >= MAX_OPENED) opened.clear();
    opened.set(key, secret);
  }
  return secret;
}
