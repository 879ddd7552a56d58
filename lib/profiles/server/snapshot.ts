// Owns the parties snapshot an order keeps, as profiles read it: built from two profile rows (the mirror of the SQL
// payouts copies it with, lib/payouts/server/parties-snapshot.ts), with the bank details still encrypted, and opened
// (unsealed) for the payout rail only. A later edit cannot change what a confirmed order pays.
import type { OrderPartiesSnapshot } from '@/db/schema/payouts';
import type { BeneficiaryRow, SenderRow } from './profile-rows';
import { unseal } from './sealed';

export function partiesSnapshot(sender: SenderRow, beneficiary: BeneficiaryRow): OrderPartiesSnapshot {
  return {
    sender: {
      legalName: sender.legalName,
      type: sender.type,
      country: sender.country,
      registrationNumber: sender.registrationNumber,
    },
    beneficiary: {
      name: beneficiary.name,
      type: beneficiary.type,
      country: beneficiary.country,
      addressLine1: beneficiary.addressLine1,
      addressLine2: beneficiary.addressLine2,
      city: beneficiary.city,
      postalCode: beneficiary.postalCode,
      region: beneficiary.region,
      bankName: beneficiary.bankName,
      bankCountry: beneficiary.bankCountry,
      ibanEncrypted: beneficiary.iban,
      ibanLast4: beneficiary.ibanLast4,
      swiftBic: beneficiary.swiftBic,
      accountNumberEncrypted: beneficiary.accountNumber,
      accountNumberLast4: beneficiary.accountNumberLast4,
      routingCode: beneficiary.routingCode,
      routingCodeType: beneficiary.routingCodeType,
    },
  };
}

/**
 * The beneficiary's bank details in clear, for the payout rail only (never for a response or a page). The ciphertext
 * is bound to the beneficiary profile it was made for: pass the order's `beneficiary_profile_id`.
 */
export function openBankDetails(
  snapshot: OrderPartiesSnapshot,
  beneficiaryProfileId: string,
): { iban: string | null; accountNumber: string | null } {
  return {
    iban: unseal(snapshot.beneficiary.ibanEncrypted, 'beneficiary_profiles.iban', beneficiaryProfileId),
    accountNumber: unseal(
      snapshot.beneficiary.accountNumberEncrypted,
      'beneficiary_profiles.account_number',
      beneficiaryProfileId,
    ),
  };
}
