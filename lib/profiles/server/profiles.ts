// Owns the one profile service, parameterised by kind (sender | beneficiary): register, read, list, edit under the
// review rules, and submit for review. What differs per kind lives in its description (`profileKinds`).
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { ServiceActor } from '@/lib/identity/server';
import { outdateDraftsOf } from '@/lib/payouts/server';
import { businessNow, now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { newId } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';
import { beneficiaryKind } from './beneficiary-kind';
import {
  guardReference,
  normaliseClientReference,
  onlyReference,
  refuseTakenReference,
} from './client-reference';
import {
  inReviewColumns,
  type ProfileKind,
  recordEdit,
  recordProfileEvent,
  recordSubmission,
  refuseEditInReview,
  refuseSubmit,
} from './common';
import { mergeEdit } from './merge-edit';
import type {
  CreateProfileInput,
  ProfileInput,
  ProfileKindSpec,
  ProfileListFilters,
  ProfileWire,
} from './profile-kind-spec';
import {
  findProfileRow,
  PROFILE_TABLES,
  type ProfileRow,
  selectable,
  updateProfileRow,
} from './profile-rows';
import { senderKind } from './sender-kind';

export const profileKinds: { [K in ProfileKind]: ProfileKindSpec<K> } = {
  sender: senderKind,
  beneficiary: beneficiaryKind,
};

/** Who changed which profile and when, as its events record it. */
function changeContext(
  kind: ProfileKind,
  input: { orgId: string; actor: ServiceActor },
  profileId: string,
  at: Date,
) {
  return {
    kind,
    orgId: input.orgId,
    profileId,
    actor: input.actor.audit,
    requestId: input.actor.requestId,
    at,
  };
}

async function profileOr404<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  orgId: string,
  profileId: string,
  forUpdate = false,
): Promise<ProfileRow<K>> {
  const row = await findProfileRow(executor, kind, orgId, profileId, { forUpdate });
  if (!row) throw ApiError.notFound(profileKinds[kind].notFoundName);
  return row;
}

export async function createProfile<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  input: CreateProfileInput<K>,
): Promise<ProfileWire<K>> {
  const spec: ProfileKindSpec<K> = profileKinds[kind];
  const reference = normaliseClientReference(input.input.client_reference) ?? null;
  return executor.transaction(async (tx) => {
    const parent = await spec.parentColumns(tx, input);
    const at = input.at ?? now();
    const valid = spec.validate(input.input, at);
    await refuseTakenReference(tx, kind, input.orgId, reference);
    // The id is made first: the sealed fields are encrypted bound to it.
    const profileId = newId();
    const table = PROFILE_TABLES[kind];
    const [row] = await guardReference(kind, reference, () =>
      tx
        .insert(table)
        .values({
          id: profileId,
          orgId: input.orgId,
          ...parent,
          ...valid.columns(profileId),
          clientReference: reference,
          createdAt: at,
          updatedAt: at,
        } as never)
        .returning(),
    );
    const wire = spec.toWire(row as ProfileRow<K>);
    await recordProfileEvent(tx, {
      ...changeContext(kind, input, profileId, at),
      change: 'created',
      data: wire,
    });
    return wire;
  });
}

export async function getProfile<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  orgId: string,
  profileId: string,
): Promise<ProfileWire<K>> {
  return profileKinds[kind].toWire(await profileOr404(executor, kind, orgId, profileId));
}

export async function listProfiles<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  orgId: string,
  query: PageRequest & { status?: ProfileStatus; clientReference?: string } & ProfileListFilters<K>,
): Promise<ListEnvelope<ProfileWire<K>>> {
  const spec: ProfileKindSpec<K> = profileKinds[kind];
  const table = PROFILE_TABLES[kind];
  const conditions: SQL[] = [eq(table.orgId, orgId)];
  if (query.status) conditions.push(eq(table.status, query.status));
  if (query.clientReference) conditions.push(eq(table.clientReference, query.clientReference.trim()));
  conditions.push(...spec.listConditions(query));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(selectable(kind))
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    executor.select({ value: count() }).from(selectable(kind)).where(where),
  ]);
  return listEnvelope(
    (rows as ProfileRow<K>[]).map((row) => spec.toWire(row)),
    query,
    total?.value ?? 0,
  );
}

export interface UpdateProfileInput<K extends ProfileKind> {
  orgId: string;
  profileId: string;
  patch: ProfileInput<K>;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
}

/**
 * Merges an edit into the stored profile (`undefined`: unchanged; `null` or empty: cleared) and re-validates the
 * whole. A `ready` profile whose reviewed fields change goes back to review; orders already confirmed keep their
 * snapshot.
 */
export async function updateProfile<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  input: UpdateProfileInput<K>,
): Promise<ProfileWire<K>> {
  const spec: ProfileKindSpec<K> = profileKinds[kind];
  const patch: Record<string, string | null | undefined> = input.patch;
  const reference = normaliseClientReference(input.patch.client_reference);
  return executor.transaction(async (tx) => {
    const row = await profileOr404(tx, kind, input.orgId, input.profileId, true);
    // The organization's own reference is no part of what is reviewed: it may change even during a review.
    if (!onlyReference(patch)) refuseEditInReview(kind, row.status);
    const { valid, detailsChanged, partyDetailsChanged } = mergeEdit(spec, row, patch);
    // The reference is the organization's bookkeeping, not what the review checked: it never reopens a review.
    const referenceChanged = reference !== undefined && reference !== row.clientReference;
    if (referenceChanged) await refuseTakenReference(tx, kind, input.orgId, reference, row.id);
    const changed: string[] = referenceChanged ? [...detailsChanged, 'client_reference'] : detailsChanged;
    if (changed.length === 0) return spec.toWire(row);

    // Identity or bank details, whatever the status: a new version that drafts paying this party must be reviewed at.
    // The reference is the organization's bookkeeping: it neither reopens a review nor makes a new version.
    const backToReview = row.status === 'ready' && partyDetailsChanged;
    const at = now();
    // On the organization's business clock, as the approval rules compare it with when a batch goes to approval.
    const detailsChangedAt = partyDetailsChanged ? await businessNow(tx, row.orgId) : null;
    const updated = await guardReference(kind, reference, () =>
      updateProfileRow(tx, kind, row.id, {
        ...valid.columns(row.id),
        ...(referenceChanged ? { clientReference: reference } : {}),
        ...(backToReview ? inReviewColumns(at) : {}),
        ...(detailsChangedAt ? { detailsVersion: row.detailsVersion + 1, detailsChangedAt } : {}),
        updatedAt: at,
      }),
    );
    const wire = spec.toWire(updated);
    await recordEdit(tx, {
      ...changeContext(kind, input, row.id, at),
      changedFields: changed,
      statusBefore: row.status,
      statusAfter: updated.status,
      wire,
      backToReview,
    });
    if (partyDetailsChanged)
      await outdateDraftsOf(tx, { orgId: input.orgId, kind, profileId: row.id, actor: input.actor });
    return wire;
  });
}

export interface SubmitProfileInput {
  orgId: string;
  profileId: string;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  at?: Date;
  /** The seed and `sandbox bootstrap` review at once themselves; the API queues the review job. */
  scheduleReview?: boolean;
}

/** draft, rejected or action_required → in_review, and the review is queued. */
export async function submitProfile<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  input: SubmitProfileInput,
): Promise<ProfileWire<K>> {
  const spec: ProfileKindSpec<K> = profileKinds[kind];
  return executor.transaction(async (tx) => {
    const row = await profileOr404(tx, kind, input.orgId, input.profileId, true);
    refuseSubmit(kind, row.status);
    spec.validate(spec.draftOf(row), now());
    const at = input.at ?? now();
    const updated = await updateProfileRow(tx, kind, row.id, { ...inReviewColumns(at), updatedAt: at });
    const wire = spec.toWire(updated);
    await recordSubmission(tx, {
      ...changeContext(kind, input, row.id, at),
      wire,
      schedule: input.scheduleReview,
    });
    return wire;
  });
}
