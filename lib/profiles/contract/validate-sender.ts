// Owns validating a sender: which fields its type needs (a company's registration, an individual's identity
// document and date of birth), each field's format, all problems at once. The API and the portal's form run this.

import type { FieldErrorCode } from '@/lib/platform/errors/field-codes';
import { ID_DOCUMENT_TYPES } from '@/lib/profiles/contract/enums';
import { ADDRESS_AND_CONTACT_FIELDS } from './address-fields';
import { compact } from './bank-details';
import { COUNTRIES_WITHOUT_POSTCODES, isCountryCode } from './countries';
import type { FieldIssue } from './validate-beneficiary';

export const SENDER_FIELDS = [
  'type',
  'legal_name',
  'registration_number',
  'date_of_birth',
  'id_document_type',
  'id_document_number',
  ...ADDRESS_AND_CONTACT_FIELDS,
  'contact_phone',
] as const;
export type SenderField = (typeof SENDER_FIELDS)[number];

export type SenderDraft = Partial<Record<SenderField, string | null>>;
export type NormalisedSender = Partial<Record<SenderField, string>>;

/** Fields only one type uses; sending them for the other type is refused rather than silently stored. */
const COMPANY_ONLY: readonly SenderField[] = ['registration_number'];
const INDIVIDUAL_ONLY: readonly SenderField[] = ['date_of_birth', 'id_document_type', 'id_document_number'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A contact phone as stored and returned: E.164, `+` and 7 to 15 digits (the document declares the same). */
export const STORED_PHONE_PATTERN = '^\\+[1-9]\\d{6,14}$';
/** What a contact phone may carry for readability: dropped before it is judged and stored. */
export const PHONE_SEPARATORS = '[\\s()-]';
const STORED_PHONE = new RegExp(STORED_PHONE_PATTERN);
const PHONE_SEPARATOR = new RegExp(PHONE_SEPARATORS, 'g');

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Which fields a sender of this type must give (the portal marks them). */
export function requiredSenderFields(
  type: string | null | undefined,
  country?: string | null,
): SenderField[] {
  const common: SenderField[] = ['type', 'legal_name', 'country', 'address_line1', 'city', 'contact_email'];
  if (!country || !COUNTRIES_WITHOUT_POSTCODES.has(country.toUpperCase())) common.push('postal_code');
  if (type === 'company') return [...common, 'registration_number'];
  if (type === 'individual') return [...common, 'date_of_birth', 'id_document_type', 'id_document_number'];
  return common;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

const MAX_LENGTH: Partial<Record<SenderField, number>> = {
  legal_name: 140,
  address_line1: 70,
  address_line2: 70,
  city: 35,
  postal_code: 12,
  region: 35,
  contact_email: 254,
  contact_phone: 20,
  registration_number: 40,
  id_document_number: 20,
};

function problem(field: SenderField, value: string, today: Date): FieldIssue | null {
  const max = MAX_LENGTH[field];
  if (max !== undefined && value.length > max) {
    return { field, code: 'too_long', message: `must be at most ${max} characters` };
  }
  const bad = (code: FieldErrorCode, message: string): FieldIssue => ({ field, code, message });
  switch (field) {
    case 'type':
      return value === 'company' || value === 'individual'
        ? null
        : bad('one_of', 'must be one of company, individual');
    case 'legal_name':
      return /^[\p{L}\p{M}\p{N} .,'&()/+-]+$/u.test(value)
        ? null
        : bad('invalid_format', "may contain letters, digits, spaces and . , ' & ( ) / + -");
    case 'registration_number':
      return /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/.test(value)
        ? null
        : bad(
            'invalid_format',
            'must be the registration number as on the register (letters, digits, spaces, . / -)',
          );
    case 'date_of_birth': {
      if (!isRealDate(value)) return bad('invalid_date', 'must be a date as YYYY-MM-DD');
      const age = ageOn(value, today);
      if (age < 18) return bad('too_young', 'must be at least 18 years ago (senders are adults)');
      if (age > 120) return bad('invalid_date', 'is not a plausible date of birth');
      return null;
    }
    case 'id_document_type':
      return (ID_DOCUMENT_TYPES as readonly string[]).includes(value)
        ? null
        : bad('one_of', `must be one of ${ID_DOCUMENT_TYPES.join(', ')}`);
    case 'id_document_number':
      return /^[A-Z0-9]{5,20}$/.test(value)
        ? null
        : bad('invalid_format', 'must be 5 to 20 letters or digits, as printed on the document');
    case 'country':
      return isCountryCode(value)
        ? null
        : bad('country_code', 'must be an ISO 3166-1 alpha-2 country code such as GB');
    case 'postal_code':
      return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(value)
        ? null
        : bad('invalid_format', 'is not a valid postal code');
    case 'contact_email':
      return EMAIL.test(value) ? null : bad('email', 'must be an email address');
    case 'contact_phone':
      return STORED_PHONE.test(value)
        ? null
        : bad('invalid_format', 'must be in international format, e.g. +442071234567');
    default:
      return null;
  }
}

function normalise(field: SenderField, value: string): string {
  if (field === 'id_document_number') return compact(value);
  if (field === 'country') return value.trim().toUpperCase();
  if (field === 'contact_phone') return value.replace(PHONE_SEPARATOR, '');
  return value.trim().replace(/\s+/g, ' ');
}

/** Validates a whole sender: every problem at once, and the normalised values to store. */
export function validateSender(
  input: SenderDraft,
  today: Date = new Date(),
): { issues: FieldIssue[]; values: NormalisedSender } {
  const issues: FieldIssue[] = [];
  const values: NormalisedSender = {};
  const type = present(input.type) ? input.type.trim() : null;
  const country = present(input.country) ? input.country.trim().toUpperCase() : null;
  const required = new Set(requiredSenderFields(type, country));
  const notForType = type === 'company' ? INDIVIDUAL_ONLY : type === 'individual' ? COMPANY_ONLY : [];
  for (const field of SENDER_FIELDS) {
    const raw = input[field];
    if (!present(raw)) {
      if (required.has(field)) issues.push({ field, code: 'required', message: 'is required' });
      continue;
    }
    if (notForType.includes(field)) {
      issues.push({
        field,
        code: 'not_used',
        message: `is not used for ${type === 'company' ? 'a company' : 'an individual'}`,
      });
      continue;
    }
    const value = normalise(field, raw);
    const issue = problem(field, value, today);
    if (issue) issues.push(issue);
    else values[field] = value;
  }
  return { issues, values };
}
