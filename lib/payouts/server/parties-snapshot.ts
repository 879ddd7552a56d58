// Owns the SQL that copies the parties into an order: the sender `s` and the beneficiary `b` of a query, with the bank
// details still encrypted (the ciphertext is copied, never decrypted), so creating or confirming thousands of orders
// copies them in one statement and the snapshot never holds an IBAN or account number in clear. Profiles keeps the
// same snapshot built from two rows (lib/profiles/server/snapshot.ts); a test holds the two equal.
import { sql } from 'drizzle-orm';

export const PARTIES_SNAPSHOT_SQL = sql.raw(`jsonb_build_object(
  'sender', jsonb_build_object('legalName', s.legal_name, 'type', s.type, 'country', s.country,
    'registrationNumber', s.registration_number),
  'beneficiary', jsonb_build_object('name', b.name, 'type', b.type, 'country', b.country,
    'addressLine1', b.address_line1, 'addressLine2', b.address_line2, 'city', b.city, 'postalCode', b.postal_code,
    'region', b.region, 'bankName', b.bank_name, 'bankCountry', b.bank_country,
    'ibanEncrypted', b.iban, 'ibanLast4', b.iban_last4, 'swiftBic', b.swift_bic,
    'accountNumberEncrypted', b.account_number, 'accountNumberLast4', b.account_number_last4,
    'routingCode', b.routing_code, 'routingCodeType', b.routing_code_type))`);
