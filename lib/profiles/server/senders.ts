// Owns sender profiles: register, read, list, edit under the review rules, and submit for review.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { senderProfiles } from '@/db/schema/profiles';
import type { ServiceActor } from '@/lib/identity/server';
import { outdateDraftsOf } from '@/lib/payouts/server';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { newId } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { IdDocumentType, ProfileStatus, ProfileType } from '@/lib/profiles/contract/enums';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import {
  type NormalisedSender,
  SENDER_FIELDS,
  type SenderDraft,
  type SenderField,
  validateSender,
} from '../contract/validate-sender';
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
  validationError,
} from './common';
import { sealOptional, unseal } from './sealed';

export type SenderRow = typeof senderProfiles.$inferSelect;

/** Changing these sends a `ready` sender back to review: they are what the review checked. */
const CONTACT_FIELDS: ReadonlySet<SenderField> = new Set(['contact_email', 'contact_phone']);

export function senderToWire(row: SenderRow): SenderWire {
  return {
    id: row.id,
    type: row.type,
    legal_name: row.legalName,
    registration_number: row.registrationNumber,
    date_of_birth: row.dateOfBirth,
    id_document_type: row.idDocumentType,
    id_document_number_last4: row.idDocumentNumberLast4,
    country: row.country,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    region: row.region,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    client_reference: row.clientReference,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The sender as its fields were entered (the ID number decrypted), for merging an edit and re-validating. */
function senderDraftOf(row: SenderRow): NormalisedSender {
  const draft: NormalisedSender = {
    type: row.type,
    legal_name: row.legalName,
    registration_number: row.registrationNumber ?? undefined,
    date_of_birth: row.dateOfBirth ?? undefined,
    id_document_type: row.idDocumentType ?? undefined,
    id_document_number:
      unseal(row.idDocumentNumber, 'sender_profiles.id_document_number', row.id) ?? undefined,
    country: row.country,
    address_line1: row.addressLine1 ?? undefined,
    address_line2: row.addressLine2 ?? undefined,
    city: row.city ?? undefined,
    postal_code: row.postalCode ?? undefined,
    region: row.region ?? undefined,
    contact_email: row.contactEmail ?? undefined,
    contact_phone: row.contactPhone ?? undefined,
  };
  return draft;
}

function columnsOf(values: NormalisedSender, senderId: string) {
  const id = sealOptional(values.id_document_number, 'sender_profiles.id_document_number', senderId);
  return {
    type: values.type as ProfileType,
    legalName: values.legal_name!,
    registrationNumber: values.registration_number ?? null,
    dateOfBirth: values.date_of_birth ?? null,
    idDocumentType: (values.id_document_type as IdDocumentType | undefined) ?? null,
    idDocumentNumber: id.sealed,
    idDocumentNumberLast4: id.last4,
    country: values.country!,
    addressLine1: values.address_line1 ?? null,
    addressLine2: values.address_line2 ?? null,
    city: values.city ?? null,
    postalCode: values.postal_code ?? null,
    region: values.region ?? null,
    contactEmail: values.contact_email ?? null,
    contactPhone: values.contact_phone ?? null,
  };
}

/** The identity and contact fields the review rules apply to, plus the organization's own reference. */
export type SenderInput = SenderDraft & { client_reference?: string | null };

export interface CreateSenderInput {
  orgId: string;
  input: SenderInput;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  /** When it was registered, for the demo seed's history; defaults to now. */
  at?: Date;
}

export async function createSender(executor: Executor, input: CreateSenderInput): Promise<SenderWire> {
  const { issues, values } = validateSender(input.input, input.at ?? now());
  if (issues.length > 0) throw validationError(issues);
  // The id is made first: the ID number is encrypted bound to it.
  const senderId = newId();
  const reference = normaliseClientReference(input.input.client_reference) ?? null;
  return executor.transaction(async (tx) => {
    await refuseTakenReference(tx, 'sender', input.orgId, reference);
    const at = input.at ?? now();
    const [row] = await guardReference('sender', reference, () =>
      tx
        .insert(senderProfiles)
        .values({
          id: senderId,
          orgId: input.orgId,
          ...columnsOf(values, senderId),
          clientReference: reference,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    const wire = senderToWire(row!);
    await recordProfileEvent(tx, {
      kind: 'sender',
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

export async function findSenderRow(
  executor: Executor,
  orgId: string,
  senderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SenderRow | undefined> {
  const query = executor
    .select()
    .from(senderProfiles)
    .where(and(eq(senderProfiles.orgId, orgId), eq(senderProfiles.id, senderId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

async function senderOr404(executor: Executor, orgId: string, senderId: string, forUpdate = false) {
  const row = await findSenderRow(executor, orgId, senderId, { forUpdate });
  if (!row) throw ApiError.notFound('Sender');
  return row;
}

export async function getSender(executor: Executor, orgId: string, senderId: string): Promise<SenderWire> {
  return senderToWire(await senderOr404(executor, orgId, senderId));
}

export async function listSenders(
  executor: Executor,
  orgId: string,
  query: PageRequest & { status?: ProfileStatus; clientReference?: string },
): Promise<ListEnvelope<SenderWire>> {
  const conditions: SQL[] = [eq(senderProfiles.orgId, orgId)];
  if (query.status) conditions.push(eq(senderProfiles.status, query.status));
  if (query.clientReference)
    conditions.push(eq(senderProfiles.clientReference, query.clientReference.trim()));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(senderProfiles)
      .where(where)
      .orderBy(desc(senderProfiles.createdAt), desc(senderProfiles.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    executor.select({ value: count() }).from(senderProfiles).where(where),
  ]);
  return listEnvelope(rows.map(senderToWire), query, total?.value ?? 0);
}

export interface UpdateSenderInput {
  orgId: string;
  senderId: string;
  patch: SenderInput;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
}

/** Merges an edit into the stored sender (`undefined`: unchanged; `null` or empty: cleared) and re-validates the whole. */
export async function updateSender(executor: Executor, input: UpdateSenderInput): Promise<SenderWire> {
  const reference = normaliseClientReference(input.patch.client_reference);
  return executor.transaction(async (tx) => {
    const row = await senderOr404(tx, input.orgId, input.senderId, true);
    // The organization's own reference is no part of what is reviewed: it may change even during a review.
    if (!onlyReference(input.patch)) refuseEditInReview('sender', row.status);
    const before = senderDraftOf(row);
    const merged: SenderDraft = { ...before };
    for (const field of SENDER_FIELDS) {
      if (input.patch[field] !== undefined) merged[field] = input.patch[field];
    }
    const { issues, values } = validateSender(merged, now());
    if (issues.length > 0) throw validationError(issues);
    const identityChanged = SENDER_FIELDS.filter(
      (field) => (before[field] ?? null) !== (values[field] ?? null),
    );
    // The reference is the organization's bookkeeping, not what the review checked: it never reopens a review.
    const referenceChanged = reference !== undefined && reference !== row.clientReference;
    if (referenceChanged) await refuseTakenReference(tx, 'sender', input.orgId, reference, row.id);
    const changed: string[] = referenceChanged ? [...identityChanged, 'client_reference'] : identityChanged;
    if (changed.length === 0) return senderToWire(row);

    // Identity or bank details, whatever the status: a new version that drafts paying this party must be reviewed at.
    // The reference is the organization's bookkeeping: it neither reopens a review nor makes a new version.
    const detailsChanged = identityChanged.some((field) => !CONTACT_FIELDS.has(field));
    const backToReview = row.status === 'ready' && detailsChanged;
    const at = now();
    const [updated] = await guardReference('sender', reference, () =>
      tx
        .update(senderProfiles)
        .set({
          ...columnsOf(values, row.id),
          ...(referenceChanged ? { clientReference: reference } : {}),
          ...(backToReview ? inReviewColumns(at) : {}),
          ...(detailsChanged ? { detailsVersion: row.detailsVersion + 1 } : {}),
          updatedAt: at,
        })
        .where(eq(senderProfiles.id, row.id))
        .returning(),
    );
    const wire = senderToWire(updated!);
    await recordEdit(tx, {
      kind: 'sender',
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
    if (detailsChanged)
      await outdateDraftsOf(tx, {
        orgId: input.orgId,
        kind: 'sender',
        profileId: row.id,
        actor: input.actor,
      });
    return wire;
  });
}

export interface SubmitInput {
  orgId: string;
  profileId: string;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  at?: Date;
  /** The seed and `sandbox bootstrap` review at once themselves; the API queues the review job. */
  scheduleReview?: boolean;
}

/** draft or rejected → in_review, and the review is queued. */
export async function submitSender(executor: Executor, input: SubmitInput): Promise<SenderWire> {
  return executor.transaction(async (tx) => {
    const row = await senderOr404(tx, input.orgId, input.profileId, true);
    refuseSubmit('sender', row.status);
    const { issues } = validateSender(senderDraftOf(row), now());
    if (issues.length > 0) throw validationError(issues);
    const at = input.at ?? now();
    const [updated] = await tx
      .update(senderProfiles)
      .set({ ...inReviewColumns(at), updatedAt: at })
      .where(eq(senderProfiles.id, row.id))
      .returning();
    const wire = senderToWire(updated!);
    await recordSubmission(tx, {
      kind: 'sender',
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
