// Owns the parties snapshot an order keeps: copied from the profiles when the order is quoted and confirmed, with
// the bank details still encrypted (the ciphertext is copied, never decrypted), so a later edit cannot change what a
// confirmed order pays and the snapshot never holds an IBAN or account number in clear.
import { sql } from 'drizzle-orm';
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

/**
 * The same snapshot built in SQL from the sender `s` and the beneficiary `b` of a query, so creating or confirming
 * thousands of orders copies the parties in one statement. The bank columns are ciphertext: they are copied as is.
 */
export const PARTIES_SNAPSHOT_SQL = sql.raw(`jsonb_build_object(
  'sender', jsonb_build_object('legalName', s.legal_name, 'type', s.type, 'country', s.country,
    'registrationNumber', s.registration_number),
  'beneficiary', jsonb_build_object('name', b.name, 'type', b.type, 'country', b.country,
    'addressLine1', b.address_line1, 'addressLine2', b.address_line2, 'city', b.city, 'postalCode', b.postal_code,
    'region', b.region, 'bankName', b.bank_name, 'bankCountry', b.bank_country,
    'ibanEncrypted', b.iban, 'ibanLast4', b.iban_last4, 'swiftBic', b.swift_bic,
    'accountNumberEncrypted', b.account_number, 'accountNumberLast4', b.account_number_last4,
    'routingCode', b.routing_code, 'routingCodeType', b.routing_code_type))`);
