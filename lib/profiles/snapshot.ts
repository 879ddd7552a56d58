// Owns the parties snapshot an order keeps: copied from the profiles when the order is quoted and confirmed, with
// the bank details still encrypted (the ciphertext is copied, never decrypted), so a later edit cannot change what a
// confirmed order pays and the snapshot never holds an IBAN or account number in clear.
import type { OrderPartiesSnapshot } from '@/db/schema/payouts';
import type { BeneficiaryRow } from './beneficiaries';
import { unseal } from './sealed';
import type { SenderRow } from './senders';

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

/** The beneficiary's bank details in clear, for the payout rail only (never for a response or a page). */
export function openBankDetails(snapshot: OrderPartiesSnapshot): {
  iban: string | null;
  accountNumber: string | null;
} {
  return {
    iban: unseal(snapshot.beneficiary.ibanEncrypted),
    accountNumber: unseal(snapshot.beneficiary.accountNumberEncrypted),
  };
}
