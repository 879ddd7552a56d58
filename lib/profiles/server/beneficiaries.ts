// Owns beneficiary profiles: register under one sender with bank details validated per corridor, read (masked),
// list, edit under the review rules, submit for review, and validate without storing.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import type { ServiceActor } from '@/lib/identity/server';
import { outdateDraftsOf } from '@/lib/payouts/server';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { newId } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { ProfileStatus, ProfileType, RoutingCodeType } from '@/lib/profiles/contract/enums';
import type { BeneficiaryWire } from '@/lib/profiles/contract/schemas';
import { BENEFICIARY_FIELDS } from '../contract/requirements';
import {
  type BeneficiaryDraft,
  type BeneficiaryValidation,
  type FieldIssue,
  type NormalisedBeneficiary,
  validateBeneficiary,
} from '../contract/validate-beneficiary';
import {
  guardReference,
  normaliseClientReference,
  onlyReference,
  refuseTakenReference,
} from './client-reference';
import {
  inReviewColumns,
  recordEdit,
  recordProfileEvent,
  recordSubmission,
  refuseEditInReview,
  refuseSubmit,
  toFieldErrors,
  validationError,
} from './common';
import { sealOptional, unseal } from './sealed';
import { findSenderRow, type SubmitInput } from './senders';

export type BeneficiaryRow = typeof beneficiaryProfiles.$inferSelect;

const DRAFT_FIELDS = [...BENEFICIARY_FIELDS, 'currency', 'bank_country'] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];

/** Only the contact address can change without a new review: everything else is what the review and the rail use. */
const CONTACT_FIELDS: ReadonlySet<DraftField> = new Set(['contact_email']);

export function beneficiaryToWire(row: BeneficiaryRow): BeneficiaryWire {
  return {
    id: row.id,
    sender_profile_id: row.senderProfileId,
    type: row.type,
    name: row.name,
    country: row.country,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    region: row.region,
    contact_email: row.contactEmail,
    currency: row.currency,
    bank_country: row.bankCountry ?? row.country,
    bank_name: row.bankName,
    iban_last4: row.ibanLast4,
    swift_bic: row.swiftBic,
    account_number_last4: row.accountNumberLast4,
    routing_code: row.routingCode,
    routing_code_type: row.routingCodeType,
    client_reference: row.clientReference,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function draftOf(row: BeneficiaryRow): Partial<Record<DraftField, string>> {
  const value = (v: string | null) => v ?? undefined;
  return {
    type: row.type,
    name: row.name,
    country: row.country,
    address_line1: value(row.addressLine1),
    address_line2: value(row.addressLine2),
    city: value(row.city),
    postal_code: value(row.postalCode),
    region: value(row.region),
    contact_email: value(row.contactEmail),
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
    type: values.type as ProfileType,
    name: values.name!,
    country: values.country!,
    addressLine1: values.address_line1 ?? null,
    addressLine2: values.address_line2 ?? null,
    city: values.city ?? null,
    postalCode: values.postal_code ?? null,
    region: values.region ?? null,
    contactEmail: values.contact_email ?? null,
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

/**
 * Validates; an unsupported corridor is a `bad_request` naming the currency, any other problem a `validation` error
 * listing every field.
 */
function validOrThrow(draft: BeneficiaryDraft): BeneficiaryValidation {
  const result = validateBeneficiary(draft);
  if (result.unsupportedCorridor) {
    throw ApiError.businessRule(result.unsupportedCorridor, {
      code: 'unsupported_corridor',
      param: 'currency',
    });
  }
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

/** The fields the corridor rules apply to, plus the organization's own reference. */
export type BeneficiaryInput = BeneficiaryDraft & { client_reference?: string | null };

export interface CreateBeneficiaryInput {
  orgId: string;
  senderProfileId: string;
  input: BeneficiaryInput;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  at?: Date;
}

export async function createBeneficiary(
  executor: Executor,
  input: CreateBeneficiaryInput,
): Promise<BeneficiaryWire> {
  const reference = normaliseClientReference(input.input.client_reference) ?? null;
  return executor.transaction(async (tx) => {
    const sender = await findSenderRow(tx, input.orgId, input.senderProfileId);
    if (!sender) throw unknownSender();
    const { values, corridor } = validOrThrow(input.input);
    await refuseTakenReference(tx, 'beneficiary', input.orgId, reference);
    // The id is made first: the bank details are encrypted bound to it.
    const beneficiaryId = newId();
    const at = input.at ?? now();
    const [row] = await guardReference('beneficiary', reference, () =>
      tx
        .insert(beneficiaryProfiles)
        .values({
          id: beneficiaryId,
          orgId: input.orgId,
          senderProfileId: sender.id,
          ...columnsOf(values, corridor!.routing_code_type, beneficiaryId),
          clientReference: reference,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    const wire = beneficiaryToWire(row!);
    await recordProfileEvent(tx, {
      kind: 'beneficiary',
      orgId: input.orgId,
      profileId: row!.id,
      change: 'created',
      actor: input.actor.audit,
      data: wire,
      requestId: input.actor.requestId,
      at,
    });
    return wire;
  });
}

/** `POST /beneficiaries/validate`: every problem at once, nothing stored. */
export async function checkBeneficiary(
  executor: Executor,
  orgId: string,
  input: BeneficiaryInput & { sender_profile_id?: string },
): Promise<{ valid: boolean; errors: ReturnType<typeof toFieldErrors> }> {
  const result = validateBeneficiary(input);
  if (result.unsupportedCorridor) {
    throw ApiError.businessRule(result.unsupportedCorridor, {
      code: 'unsupported_corridor',
      param: 'currency',
    });
  }
  const issues: FieldIssue[] = [...result.issues];
  if (input.sender_profile_id && !(await findSenderRow(executor, orgId, input.sender_profile_id))) {
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

/** `%`, `_` and `\` in a search are literal text, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function findBeneficiaryRow(
  executor: Executor,
  orgId: string,
  beneficiaryId: string,
  options: { forUpdate?: boolean } = {},
): Promise<BeneficiaryRow | undefined> {
  const query = executor
    .select()
    .from(beneficiaryProfiles)
    .where(and(eq(beneficiaryProfiles.orgId, orgId), eq(beneficiaryProfiles.id, beneficiaryId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

async function beneficiaryOr404(executor: Executor, orgId: string, id: string, forUpdate = false) {
  const row = await findBeneficiaryRow(executor, orgId, id, { forUpdate });
  if (!row) throw ApiError.notFound('Beneficiary');
  return row;
}

export async function getBeneficiary(
  executor: Executor,
  orgId: string,
  id: string,
): Promise<BeneficiaryWire> {
  return beneficiaryToWire(await beneficiaryOr404(executor, orgId, id));
}

export async function listBeneficiaries(
  executor: Executor,
  orgId: string,
  query: PageRequest & {
    status?: ProfileStatus;
    senderProfileId?: string;
    currency?: string;
    clientReference?: string;
    q?: string;
  },
): Promise<ListEnvelope<BeneficiaryWire>> {
  const conditions: SQL[] = [eq(beneficiaryProfiles.orgId, orgId)];
  if (query.status) conditions.push(eq(beneficiaryProfiles.status, query.status));
  if (query.clientReference) {
    conditions.push(eq(beneficiaryProfiles.clientReference, query.clientReference.trim()));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(beneficiaryProfiles.name, pattern), ilike(beneficiaryProfiles.clientReference, pattern))!,
    );
  }
  if (query.senderProfileId) conditions.push(eq(beneficiaryProfiles.senderProfileId, query.senderProfileId));
  if (query.currency) conditions.push(eq(beneficiaryProfiles.currency, query.currency));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(beneficiaryProfiles)
      .where(where)
      .orderBy(desc(beneficiaryProfiles.createdAt), desc(beneficiaryProfiles.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    executor.select({ value: count() }).from(beneficiaryProfiles).where(where),
  ]);
  return listEnvelope(rows.map(beneficiaryToWire), query, total?.value ?? 0);
}

export interface UpdateBeneficiaryInput {
  orgId: string;
  beneficiaryId: string;
  patch: BeneficiaryInput;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
}

/**
 * Merges an edit and re-validates the whole beneficiary against its (possibly new) corridor. A `ready` beneficiary
 * whose name, address or bank details change goes back to review; orders already confirmed keep their snapshot.
 */
export async function updateBeneficiary(
  executor: Executor,
  input: UpdateBeneficiaryInput,
): Promise<BeneficiaryWire> {
  const reference = normaliseClientReference(input.patch.client_reference);
  return executor.transaction(async (tx) => {
    const row = await beneficiaryOr404(tx, input.orgId, input.beneficiaryId, true);
    // The organization's own reference is no part of what is reviewed: it may change even during a review.
    if (!onlyReference(input.patch)) refuseEditInReview('beneficiary', row.status);
    const before = draftOf(row);
    const merged: BeneficiaryDraft = { ...before };
    for (const field of DRAFT_FIELDS) {
      if (input.patch[field] !== undefined) merged[field] = input.patch[field];
    }
    const { values, corridor } = validOrThrow(merged);
    const after: Partial<Record<DraftField, string>> = { ...values };
    const detailsChanged = DRAFT_FIELDS.filter(
      (field) =>
        (before[field] ?? null) !== (after[field] ?? null) &&
        !(field === 'bank_country' && !before.bank_country),
    );
    // The reference is the organization's bookkeeping, not what the review checked: it never reopens a review.
    const referenceChanged = reference !== undefined && reference !== row.clientReference;
    if (referenceChanged) await refuseTakenReference(tx, 'beneficiary', input.orgId, reference, row.id);
    const changed: string[] = referenceChanged ? [...detailsChanged, 'client_reference'] : detailsChanged;
    if (changed.length === 0) return beneficiaryToWire(row);

    // Identity or bank details, whatever the status: a new version that drafts paying this party must be reviewed at.
    // The reference is the organization's bookkeeping: it neither reopens a review nor makes a new version.
    const partyDetailsChanged = detailsChanged.some((field) => !CONTACT_FIELDS.has(field));
    const backToReview = row.status === 'ready' && partyDetailsChanged;
    const at = now();
    const [updated] = await guardReference('beneficiary', reference, () =>
      tx
        .update(beneficiaryProfiles)
        .set({
          ...columnsOf(values, corridor!.routing_code_type, row.id),
          ...(referenceChanged ? { clientReference: reference } : {}),
          ...(backToReview ? inReviewColumns(at) : {}),
          ...(partyDetailsChanged ? { detailsVersion: row.detailsVersion + 1 } : {}),
          updatedAt: at,
        })
        .where(eq(beneficiaryProfiles.id, row.id))
        .returning(),
    );
    const wire = beneficiaryToWire(updated!);
    await recordEdit(tx, {
      kind: 'beneficiary',
      orgId: input.orgId,
      profileId: row.id,
      actor: input.actor.audit,
      requestId: input.actor.requestId,
      at,
      changedFields: changed,
      statusBefore: row.status,
      statusAfter: updated!.status,
      wire,
      backToReview,
    });
    if (partyDetailsChanged)
      await outdateDraftsOf(tx, {
        orgId: input.orgId,
        kind: 'beneficiary',
        profileId: row.id,
        actor: input.actor,
      });
    return wire;
  });
}

/** draft or rejected → in_review, and the review is queued. */
export async function submitBeneficiary(executor: Executor, input: SubmitInput): Promise<BeneficiaryWire> {
  return executor.transaction(async (tx) => {
    const row = await beneficiaryOr404(tx, input.orgId, input.profileId, true);
    refuseSubmit('beneficiary', row.status);
    validOrThrow(draftOf(row));
    const at = input.at ?? now();
    const [updated] = await tx
      .update(beneficiaryProfiles)
      .set({ ...inReviewColumns(at), updatedAt: at })
      .where(eq(beneficiaryProfiles.id, row.id))
      .returning();
    const wire = beneficiaryToWire(updated!);
    await recordSubmission(tx, {
      kind: 'beneficiary',
      orgId: input.orgId,
      profileId: row.id,
      actor: input.actor.audit,
      requestId: input.actor.requestId,
      at,
      wire,
      schedule: input.scheduleReview,
    });
    return wire;
  });
}
