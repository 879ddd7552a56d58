// Owns the catalogue of the codes an error's `errors[]` entries carry (`errors[].code`): every one the server can
// send, with what it means. `FieldError.code` is typed by it, so no code reaches a response without being listed here,
// and the OpenAPI document and /docs/api show this list.
// Browser-safe: imports only the error-code catalogue.
import { ERROR_CODES, type ErrorCode } from './codes';

export interface FieldErrorCodeEntry {
  /** What the field's problem is, for the reference (Markdown). */
  explain: string;
}

/** Codes that only ever describe one field (or row) of a request. */
export const FIELD_ERROR_CODES = {
  // Shape: from the request's schemas (zod's issue codes, as lib/platform/errors/field-errors.ts maps them) and the wrapper.
  required: { explain: 'The field is missing (or empty where a value is needed).' },
  unknown_field: { explain: 'The request carries a field (or multipart part) the operation does not take.' },
  invalid: { explain: 'The value is not acceptable; the message says why.' },
  invalid_type: { explain: 'The value has the wrong JSON type (a number where a string is expected, …).' },
  invalid_value: { explain: 'The value is not one of the allowed ones (the message lists them).' },
  invalid_format: {
    explain:
      'The value does not have the expected format (a decimal string, a UUID, a date-time, a pattern).',
  },
  invalid_union: { explain: 'The value matches none of the shapes the field accepts.' },
  invalid_key: { explain: 'A key of a map-like field is not acceptable.' },
  invalid_element: { explain: 'An element of a collection is not acceptable.' },
  too_big: { explain: 'The value is too large, too long or has too many items.' },
  too_small: { explain: 'The value is too small, too short or has too few items.' },
  not_multiple_of: { explain: 'The number is not a multiple of the required step.' },
  custom: { explain: 'The value breaks a rule of the field; the message says which.' },
  too_deep: {
    explain: 'The JSON body nests objects and arrays deeper than 64 levels (`field` is `(body)`).',
  },
  unknown_parameter: {
    explain:
      'Sandbox only: the query string names a parameter the operation does not take (`field` is its name); production ignores it and lists it in `X-Ignored-Parameters`.',
  },

  // Profiles (senders, beneficiaries): the rules lib/profiles applies, all problems at once.
  too_long: { explain: 'The text is longer than the field allows.' },
  one_of: { explain: 'The value is not one of the allowed ones (the message lists them).' },
  invalid_date: { explain: 'Not a real date as `YYYY-MM-DD`, or not a plausible one.' },
  too_young: { explain: 'An individual sender must be 18 or older.' },
  country_code: { explain: 'Not an ISO 3166-1 alpha-2 country code.' },
  email: { explain: 'Not an email address.' },
  not_used: { explain: 'The field does not apply to this type of profile (or this country) and is refused.' },
  invalid_currency: { explain: 'Not a payout currency.' },
  country_mismatch: { explain: 'The bank details belong to another country than the one given.' },
  iban_mismatch: {
    explain: 'The IBAN does not agree with the other bank details (its country or check digits).',
  },
  clabe_mismatch: { explain: 'The CLABE does not agree with the other bank details.' },
  // A bank detail failing its own rule carries the rule's name (see `GET /beneficiaries/requirements`).
  iban: { explain: 'Not a valid IBAN (format or check digits).' },
  bic: { explain: 'Not a valid BIC, or one of another country.' },
  aba: { explain: 'Not a valid 9-digit ABA routing number.' },
  sort_code: { explain: 'Not a valid 6-digit UK sort code.' },
  ifsc: { explain: 'Not a valid Indian IFSC.' },
  clabe: { explain: 'Not a valid 18-digit CLABE.' },
  bsb: { explain: 'Not a valid 6-digit BSB.' },
  ca_routing: { explain: 'Not a valid Canadian transit and institution number.' },

  // Orders (createBatch, re-quote, confirm): `orders.N.<field>`, every failing order at once.
  profile_not_ready: {
    explain:
      "The profile is not `ready` (it is in review, waiting for the client's answer to a reviewer's question (`action_required`), rejected or a draft).",
  },
  sender_mismatch: { explain: 'The beneficiary belongs to another sender than the order’s.' },
  currency_mismatch: { explain: 'The order’s currency is not the one the beneficiary is paid in.' },
  file_sender_mismatch: { explain: 'The document was uploaded for another sender.' },
  unsupported_currency: { explain: 'The currency is not a supported payout currency.' },
  corridor_inactive: { explain: 'Payouts in the currency are suspended at the moment.' },
  amount_outside_corridor: {
    explain:
      'The amount is outside the corridor’s minimum and maximum (see `GET /liquidity/management/corridors`).',
  },
  no_rate: { explain: 'No rate is available for the currency right now.' },
  changed: {
    explain:
      'On `review_outdated`: this input changed since the batch was reviewed (the message says from what to what).',
  },
  unknown: {
    explain:
      'On `review_outdated`: the `review_digest` sent is none this batch ever had; read the batch again.',
  },

  // Lists with cursors.
  cursor_conflict: {
    explain: 'Cursors exclude each other and a `page` above 1 (`starting_after`, `ending_before`, `page`).',
  },
  unknown_cursor: { explain: 'The cursor names no item of this list.' },

  // Other areas.
  unknown_event_type: { explain: 'Not `*` or a public event type (see `webhooks` in this document).' },
  invalid_url: { explain: 'Not an https URL whose host resolves only to public addresses.' },
  invalid_address: { explain: 'Not a valid address on the chain.' },
  weak_password: { explain: 'The password is too short, too common or too like the account.' },
  unchanged: { explain: 'The new password is the current one.' },
} as const satisfies Record<string, FieldErrorCodeEntry>;

export type FieldOnlyErrorCode = keyof typeof FIELD_ERROR_CODES;

/**
 * Every code an `errors[]` entry may carry: a field-level code above, or a catalogued error code (lib/platform/errors/codes.ts)
 * when a business rule names the field it concerns (`insufficient_balance` on `amount`, …).
 */
export type FieldErrorCode = FieldOnlyErrorCode | ErrorCode;

export function isFieldOnlyErrorCode(code: string): code is FieldOnlyErrorCode {
  return Object.hasOwn(FIELD_ERROR_CODES, code);
}

/** Whether an `errors[]` entry may carry this code (a field-level code or a catalogued error code). */
export function isFieldErrorCode(code: string): code is FieldErrorCode {
  return isFieldOnlyErrorCode(code) || Object.hasOwn(ERROR_CODES, code);
}

/**
 * What the document lists as `errors[].code`, each with its meaning: the field-level codes, then the catalogued error
 * codes a business rule may name a field with.
 */
export function fieldErrorCodeCatalogue(
  errorCodes: Record<ErrorCode, { explain: string }>,
): [string, string][] {
  return [
    ...Object.entries(FIELD_ERROR_CODES).map(([code, entry]): [string, string] => [code, entry.explain]),
    ...Object.entries(errorCodes)
      .filter(([code]) => !isFieldOnlyErrorCode(code))
      .map(([code, entry]): [string, string] => [code, `As the error's own \`code\`: ${entry.explain}`]),
  ];
}
