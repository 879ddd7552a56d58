// Owns validating a beneficiary against its corridor's requirements: every problem at once, each naming its field,
// and the normalised values to store. The API, `POST /beneficiaries/validate` and the portal's form all run this.
import type { FieldErrorCode } from '@/lib/platform/errors/field-codes';
import { isFiatCurrency } from '@/lib/platform/money/facts';
import { BANK_RULES, type BankRule, bicMatchesCountry, compact } from './bank-details';
import { isCountryCode } from './countries';
import {
  BENEFICIARY_FIELDS,
  type BeneficiaryField,
  beneficiaryRequirements,
  COMPACTED_FIELDS,
  type CorridorRequirements,
  type FieldRequirement,
  unsupportedCorridorMessage,
} from './requirements';

/** One problem with one field; `message` does not repeat the field (the API prefixes it, a form shows it beside the input). */
export interface FieldIssue {
  field: string;
  code: FieldErrorCode;
  message: string;
}

/** A beneficiary as entered: any field may be missing, empty or null while it is being typed. */
export type BeneficiaryDraft = Partial<Record<BeneficiaryField | 'currency' | 'bank_country', string | null>>;

export type NormalisedBeneficiary = Partial<Record<BeneficiaryField, string>> & {
  currency: string;
  bank_country: string;
};

export interface BeneficiaryValidation {
  /** Null when the currency or country is missing, malformed or not a corridor we pay. */
  corridor: CorridorRequirements | null;
  /** Set when the currency and country are well-formed but we do not pay that corridor (`unsupported_corridor`). */
  unsupportedCorridor: string | null;
  issues: FieldIssue[];
  values: NormalisedBeneficiary;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function normalise(name: BeneficiaryField, value: string): string {
  if (COMPACTED_FIELDS.has(name)) return compact(value);
  if (name === 'country') return value.trim().toUpperCase();
  return value.trim().replace(/\s+/g, ' ');
}

function checkRule(requirement: FieldRequirement, value: string): string | null {
  switch (requirement.rule) {
    case null:
      return null;
    case 'email':
      return EMAIL.test(value) ? null : 'must be an email address';
    case 'country_code':
      return isCountryCode(value) ? null : 'must be an ISO 3166-1 alpha-2 country code such as DE';
    case 'one_of':
      return requirement.allowed_values?.includes(value)
        ? null
        : `must be one of ${requirement.allowed_values?.join(', ')}`;
    default:
      return BANK_RULES[requirement.rule as BankRule](value);
  }
}

/** Checks one field against its requirement; the message when it fails. */
export function fieldProblem(
  requirement: FieldRequirement,
  raw: string | null | undefined,
): FieldIssue | null {
  const { name } = requirement;
  if (!present(raw)) {
    return requirement.required ? { field: name, code: 'required', message: 'is required' } : null;
  }
  const value = normalise(name, raw);
  if (value.length > requirement.max_length) {
    return {
      field: name,
      code: 'too_long',
      message: `must be at most ${requirement.max_length} characters`,
    };
  }
  if (requirement.pattern && !new RegExp(requirement.pattern, 'u').test(value)) {
    const example = requirement.example ? ` (e.g. ${requirement.example})` : '';
    return {
      field: name,
      code: 'invalid_format',
      message: `is not a valid ${requirement.label.toLowerCase()}${example}`,
    };
  }
  const problem = checkRule(requirement, value);
  return problem ? { field: name, code: requirement.rule ?? 'invalid', message: problem } : null;
}

/** Validates everything at once. The corridor is the currency and the bank's country (the residence country if none). */
export function validateBeneficiary(input: BeneficiaryDraft): BeneficiaryValidation {
  const issues: FieldIssue[] = [];
  const currency = present(input.currency) ? input.currency.trim().toUpperCase() : '';
  const residence = present(input.country) ? input.country.trim().toUpperCase() : '';
  const bankCountry = present(input.bank_country) ? input.bank_country.trim().toUpperCase() : residence;
  const values: NormalisedBeneficiary = { currency, bank_country: bankCountry };

  if (!currency) issues.push({ field: 'currency', code: 'required', message: 'is required' });
  else if (!isFiatCurrency(currency)) {
    issues.push({
      field: 'currency',
      code: 'invalid_currency',
      message: 'must be a supported ISO 4217 currency code',
    });
  }
  if (present(input.bank_country) && !isCountryCode(bankCountry)) {
    issues.push({
      field: 'bank_country',
      code: 'country_code',
      message: 'must be an ISO 3166-1 alpha-2 country code such as DE',
    });
  }

  const corridorKnown = isFiatCurrency(currency) && isCountryCode(bankCountry);
  const corridor = corridorKnown
    ? beneficiaryRequirements(currency, bankCountry, residence || undefined)
    : null;
  const unsupportedCorridor =
    corridorKnown && !corridor ? unsupportedCorridorMessage(currency, bankCountry) : null;
  if (unsupportedCorridor) {
    issues.push({ field: 'currency', code: 'unsupported_corridor', message: unsupportedCorridor });
  }
  if (!corridor) {
    // Without a corridor the bank fields are unknown; the party fields can still be judged.
    const party = beneficiaryRequirements('EUR', 'DE', isCountryCode(residence) ? residence : 'DE')!;
    for (const requirement of party.fields) {
      if (['iban', 'swift_bic', 'account_number', 'routing_code', 'bank_name'].includes(requirement.name))
        continue;
      const issue = fieldProblem(requirement, input[requirement.name]);
      if (issue) issues.push(issue);
    }
    return { corridor: null, unsupportedCorridor, issues, values };
  }

  const named = new Set<BeneficiaryField>();
  for (const requirement of corridor.fields) {
    named.add(requirement.name);
    const raw = input[requirement.name];
    const issue = fieldProblem(requirement, raw);
    if (issue) issues.push(issue);
    else if (present(raw)) values[requirement.name] = normalise(requirement.name, raw);
  }
  for (const name of BENEFICIARY_FIELDS) {
    if (!named.has(name) && present(input[name])) {
      issues.push({
        field: name,
        code: 'not_used',
        message: `is not used for ${corridor.currency} accounts in ${corridor.country}`,
      });
    }
  }
  issues.push(...consistencyIssues(values, corridor, issues));
  return { corridor, unsupportedCorridor: null, issues, values };
}

/** Checks across fields, only between fields that are valid on their own. */
function consistencyIssues(
  values: NormalisedBeneficiary,
  corridor: CorridorRequirements,
  earlier: FieldIssue[],
): FieldIssue[] {
  const failed = new Set(earlier.map((issue) => issue.field));
  const ok = (name: BeneficiaryField) => values[name] !== undefined && !failed.has(name);
  const issues: FieldIssue[] = [];
  const iban = values.iban;
  if (ok('iban') && iban && iban.slice(0, 2) !== corridor.country) {
    issues.push({
      field: 'iban',
      code: 'country_mismatch',
      message: `is an account in ${iban.slice(0, 2)}, not in ${corridor.country}`,
    });
  }
  const bic = values.swift_bic;
  if (ok('swift_bic') && bic && !bicMatchesCountry(bic, corridor.country)) {
    issues.push({
      field: 'swift_bic',
      code: 'country_mismatch',
      message: `is a bank in ${bic.slice(4, 6)}, but the account is in ${corridor.country}`,
    });
  }
  // A UK IBAN carries the sort code and account number: when both are given they must be the same account.
  if (corridor.country === 'GB' && ok('iban') && iban) {
    if (ok('routing_code') && values.routing_code !== iban.slice(8, 14)) {
      issues.push({
        field: 'routing_code',
        code: 'iban_mismatch',
        message: 'does not match the sort code in the IBAN',
      });
    }
    if (ok('account_number') && values.account_number !== iban.slice(14)) {
      issues.push({
        field: 'account_number',
        code: 'iban_mismatch',
        message: 'does not match the account number in the IBAN',
      });
    }
  }
  // A CLABE embeds the 11-digit account number.
  if (corridor.country === 'MX' && ok('routing_code') && ok('account_number')) {
    if (values.routing_code?.slice(6, 17) !== values.account_number?.padStart(11, '0')) {
      issues.push({
        field: 'account_number',
        code: 'clabe_mismatch',
        message: 'does not match the account number in the CLABE',
      });
    }
  }
  return issues;
}
