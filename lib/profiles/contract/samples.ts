// Owns the sample profiles: one valid company sender and one German company beneficiary paid by IBAN, the values the
// OpenAPI examples publish and the tests, e2e specs and sandbox bootstrap start from (spread and override, never edit).
// Browser-safe: plain data.
import type { BeneficiaryDraft } from './validate-beneficiary';
import type { SenderDraft } from './validate-sender';

/** A UK company sender with every required field (no phone: that one is optional). */
export const SAMPLE_COMPANY_SENDER: Readonly<SenderDraft> = Object.freeze({
  type: 'company',
  legal_name: 'Acme Trading Ltd',
  registration_number: '09876543',
  country: 'GB',
  address_line1: '25 Old Broad Street',
  city: 'London',
  postal_code: 'EC2N 1HN',
  contact_email: 'treasury@acme.example',
});

/** Who the German company beneficiary is and where it sits, without how it is paid. */
export const SAMPLE_GERMAN_COMPANY: Readonly<BeneficiaryDraft> = Object.freeze({
  type: 'company',
  name: 'Rhein Logistik GmbH',
  country: 'DE',
  address_line1: 'Friedrichstraße 100',
  city: 'Berlin',
  postal_code: '10117',
});

/** The German company paid in EUR by IBAN (the published example IBAN, so its checksum validates). */
export const SAMPLE_IBAN_BENEFICIARY: Readonly<BeneficiaryDraft> = Object.freeze({
  ...SAMPLE_GERMAN_COMPANY,
  currency: 'EUR',
  bank_name: 'Commerzbank AG',
  iban: 'DE89370400440532013000',
  swift_bic: 'COBADEFFXXX',
});
