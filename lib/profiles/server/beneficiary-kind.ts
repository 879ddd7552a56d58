// Owns what is particular to beneficiary profiles: registered under one sender, bank details validated per corridor
// and stored sealed, read masked, their own list filters, and validating one without storing it. The profile service
// (profiles.ts) does the rest.
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { RoutingCodeType } from '@/lib/profiles/contract/enums';
import type { BeneficiaryWire } from '@/lib/profiles/contract/schemas';
import { BENEFICIARY_FIELDS } from '../contract/requirements';
import {
  type BeneficiaryDraft,
  type BeneficiaryValidation,
  type FieldIssue,
  type NormalisedBeneficiary,
  validateBeneficiary,
} from '../contract/validate-beneficiary';
import { normaliseClientReference, refuseTakenReference } from './client-reference';
import { toFieldErrors, validationError } from './common';
import { partyColumns, partyDraft, partyWire, reviewWire } from './party-fields';
import type { ProfileInput, ProfileKindSpec } from './profile-kind-spec';
import { type BeneficiaryRow, findProfileRow } from './profile-rows';
import { sealOptional, unseal } from './sealed';

const DRAFT_FIELDS = [...BENEFICIARY_FIELDS, 'currency', 'bank_country'] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];

/** Only the contact address can change without a new review: everything else is what the review and the rail use. */
const CONTACT_FIELDS: ReadonlySet<DraftField> = new Set(['contact_email']);

function beneficiaryToWire(row: BeneficiaryRow): BeneficiaryWire {
  return {
    id: row.id,
    sender_profile_id: row.senderProfileId,
    type: row.type,
    name: row.name,
    ...partyWire(row),
    currency: row.currency,
    bank_country: row.bankCountry ?? row.country,
    bank_name: row.bankName,
    iban_last4: row.ibanLast4,
    swift_bic: row.swiftBic,
    account_number_last4: row.accountNumberLast4,
    routing_code: row.routingCode,
    routing_code_type: row.routingCodeType,
    ...reviewWire(row),
  };
}

function draftOf(row: BeneficiaryRow): Partial<Record<DraftField, string>> {
  const value = (v: string | null) => v ?? undefined;
  return {
    type: row.type,
    name: row.name,
    ...partyDraft(row),
    currency: row.currency,
    bank_country: value(row.bankCountry),
    bank_name: value(row.bankName),
    iban: value(unseal(row.iban, 'beneficiary_profiles.iban', row.id)),
    swift_bic: value(row.swiftBic),
    account_number: value(unseal(row.accountNumber, 'beneficiary_profiles.account_number', row.id)),
    routing_code: value(row.routingCode),
  };
}

function columnsOf(
  values: NormalisedBeneficiary,
  routingCodeType: RoutingCodeType | null,
  beneficiaryId: string,
) {
  const iban = sealOptional(values.iban, 'beneficiary_profiles.iban', beneficiaryId);
  const account = sealOptional(values.account_number, 'beneficiary_profiles.account_number', beneficiaryId);
  return {
    ...partyColumns(values),
    name: values.name!,
    currency: values.currency,
    bankCountry: values.bank_country,
    bankName: values.bank_name ?? null,
    iban: iban.sealed,
    ibanLast4: iban.last4,
    swiftBic: values.swift_bic ?? null,
    accountNumber: account.sealed,
    accountNumberLast4: account.last4,
    routingCode: values.routing_code ?? null,
    routingCodeType: values.routing_code ? routingCodeType : null,
  };
}

/** An unsupported corridor is a `bad_request` naming the currency, before any field problem. */
function refuseUnsupportedCorridor(result: BeneficiaryValidation): void {
  if (result.unsupportedCorridor) {
    throw ApiError.businessRule(result.unsupportedCorridor, {
      code: 'unsupported_corridor',
      param: 'currency',
    });
  }
}

/** Validates; an unsupported corridor is a `bad_request`, any other problem a `validation` error listing every field. */
function validOrThrow(draft: BeneficiaryDraft): BeneficiaryValidation {
  const result = validateBeneficiary(draft);
  refuseUnsupportedCorridor(result);
  if (result.issues.length > 0) throw validationError(result.issues);
  return result;
}

/**
 * A sender id from a request body that this organization does not have: `bad_request` naming the field, no hint
 * beyond.
 */
function unknownSender(field = 'sender_profile_id'): ApiError {
  return ApiError.businessRule(`${field}: sender not found`, { code: 'not_found', param: field });
}

/** `%`, `_` and `\` in a search are literal text, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const beneficiaryKind: ProfileKindSpec<'beneficiary'> = {
  kind: 'beneficiary',
  notFoundName: 'Beneficiary',
  toWire: beneficiaryToWire,
  nameOf: (row) => row.name,
  fields: DRAFT_FIELDS,
  contactFields: CONTACT_FIELDS,
  // A beneficiary stored without a bank country banks in its own country: naming that country is no change.
  impliedWhenUnset: new Set(['bank_country']),
  draftOf,
  validate(draft) {
    const { values, corridor } = validOrThrow(draft);
    return { values, columns: (id) => columnsOf(values, corridor!.routing_code_type, id) };
  },
  async parentColumns(executor, input) {
    const sender = await findProfileRow(executor, 'sender', input.orgId, input.senderProfileId);
    if (!sender) throw unknownSender();
    return { senderProfileId: sender.id };
  },
  listConditions(filters) {
    const conditions: SQL[] = [];
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      conditions.push(
        or(ilike(beneficiaryProfiles.name, pattern), ilike(beneficiaryProfiles.clientReference, pattern))!,
      );
    }
    if (filters.senderProfileId)
      conditions.push(eq(beneficiaryProfiles.senderProfileId, filters.senderProfileId));
    if (filters.currency) conditions.push(eq(beneficiaryProfiles.currency, filters.currency));
    return conditions;
  },
};

/** `POST /beneficiaries/validate`: every problem at once, nothing stored. */
export async function checkBeneficiary(
  executor: Executor,
  orgId: string,
  input: ProfileInput<'beneficiary'> & { sender_profile_id?: string },
): Promise<{ valid: boolean; errors: ReturnType<typeof toFieldErrors> }> {
  const result = validateBeneficiary(input);
  refuseUnsupportedCorridor(result);
  const issues: FieldIssue[] = [...result.issues];
  if (
    input.sender_profile_id &&
    !(await findProfileRow(executor, 'sender', orgId, input.sender_profile_id))
  ) {
    issues.unshift({ field: 'sender_profile_id', code: 'not_found', message: 'sender not found' });
  }
  const reference = normaliseClientReference(input.client_reference);
  if (reference && (await referenceTaken(executor, orgId, reference))) {
    issues.push({
      field: 'client_reference',
      code: 'client_reference_exists',
      message: 'another beneficiary already has this reference',
    });
  }
  return { valid: issues.length === 0, errors: toFieldErrors(issues) };
}

async function referenceTaken(executor: Executor, orgId: string, reference: string): Promise<boolean> {
  try {
    await refuseTakenReference(executor, 'beneficiary', orgId, reference);
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'client_reference_exists') return true;
    throw error;
  }
}
