// Owns sensitive profile values at rest: account numbers, IBANs and ID numbers are stored encrypted (lib/platform/crypto,
// key-rotatable, bound to their profile and column) beside their last four characters, which is all any response or
// page shows.
import { decryptSecret, encryptSecret } from '@/lib/platform/crypto/secrets';

export type SealedColumn =
  | 'sender_profiles.id_document_number'
  | 'beneficiary_profiles.iban'
  | 'beneficiary_profiles.account_number';

/**
 * The associated data a value is encrypted with: its table, profile id and column, so a ciphertext copied into
 * another profile (or column) does not decrypt there. An order's snapshot keeps the beneficiary's ciphertext and
 * opens it with the beneficiary's id, which the order references.
 */
export function sealedContext(column: SealedColumn, profileId: string): string {
  const [table, name] = column.split('.');
  return `${table}:${profileId}:${name}`;
}

export function last4(value: string): string {
  return value.slice(-4);
}

export function sealOptional(
  value: string | undefined | null,
  column: SealedColumn,
  profileId: string,
): { sealed: string | null; last4: string | null } {
  if (!value) return { sealed: null, last4: null };
  return { sealed: encryptSecret(value, sealedContext(column, profileId)), last4: last4(value) };
}

export function unseal(sealed: string | null, column: SealedColumn, profileId: string): string | null {
  return sealed === null ? null : decryptSecret(sealed, sealedContext(column, profileId));
}
