// Owns sensitive profile values at rest: account numbers, IBANs and ID numbers are stored encrypted (lib/crypto,
// key-rotatable) beside their last four characters, which is all any response or page shows.
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';

export interface SealedValue {
  sealed: string;
  last4: string;
}

export function last4(value: string): string {
  return value.slice(-4);
}

export function seal(value: string): SealedValue {
  return { sealed: encryptSecret(value), last4: last4(value) };
}

export function sealOptional(value: string | undefined | null): {
  sealed: string | null;
  last4: string | null;
} {
  if (!value) return { sealed: null, last4: null };
  return seal(value);
}

export function unseal(sealed: string | null): string | null {
  return sealed === null ? null : decryptSecret(sealed);
}
