// Owns the parties snapshot an order keeps (orderPartiesSnapshotSchema): built in SQL from the sender `s` and the
// beneficiary `b` so that creating or confirming 5,000 orders copies them in one statement.
import { sql } from 'drizzle-orm';

export const PARTIES_SNAPSHOT_SQL = sql.raw(`jsonb_build_object(
  'sender', jsonb_build_object('legalName', s.legal_name, 'type', s.type, 'country', s.country,
    'registrationNumber', s.registration_number),
  'beneficiary', jsonb_build_object('name', b.name, 'type', b.type, 'country', b.country,
    'addressLine1', b.address_line1, 'addressLine2', b.address_line2, 'city', b.city, 'postalCode', b.postal_code,
    'region', b.region, 'bankName', b.bank_name, 'bankCountry', b.bank_country, 'iban', b.iban,
    'swiftBic', b.swift_bic, 'accountNumber', b.account_number, 'routingCode', b.routing_code,
    'routingCodeType', b.routing_code_type))`);
