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

export function openSigningSecret(_endpointId: string, sealed: string): string {
  return decryptSecret(sealed);
}
