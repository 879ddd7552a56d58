// Owns what a reviewer does to a profile in review besides deciding it: ask the client for more information (→
// `action_required`, a public event with the question) and correct its details under the client's own rules (the
// corrector becomes a maker of the review, so another reviewer decides it).
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { ServiceActor } from '@/lib/identity/server';
import { outdateDraftsOf } from '@/lib/payouts/server';
import { businessNow, now } from '@/lib/platform/clock';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import type { ProfileStatus, RequestedInformation } from '@/lib/profiles/contract/enums';
import { conflict, type ProfileKind, recordEdit, recordProfileEvent } from './common';
import { mergeEdit } from './merge-edit';
import type { ProfileKindSpec } from './profile-kind-spec';
import { PROFILE_TABLES, type ProfileRow, selectable, updateProfileRow } from './profile-rows';
import { profileKinds } from './profiles';

/** A sender's question may point at its proof documents as well as at its fields. */
export const DOCUMENTS_FIELD = 'documents';

/** The names a question may point at: the kind's fields (wire names), and for a sender its documents. */
export function requestableFields(kind: ProfileKind): readonly string[] {
  const fields = profileKinds[kind].fields;
  return kind === 'sender' ? [...fields, DOCUMENTS_FIELD] : fields;
}

/**
 * A profile's fields by wire name as the client entered them (sealed numbers decrypted): what a reviewer corrects.
 * Callers show it only where the details may be seen unmasked.
 */
export function profileDetailsOf<K extends ProfileKind>(
  kind: K,
  row: ProfileRow<K>,
): Record<string, string | null> {
  const draft = profileKinds[kind].draftOf(row);
  return Object.fromEntries(profileKinds[kind].fields.map((field) => [field, draft[field] ?? null]));
}

/** The profile by id (staff work across organizations), locked for the change. */
async function lockById<K extends ProfileKind>(
  tx: Executor,
  kind: K,
  profileId: string,
): Promise<ProfileRow<K>> {
  const table = PROFILE_TABLES[kind];
  const [row] = (await tx
    .select()
    .from(selectable(kind))
    .where(eq(table.id, profileId))
    .for('update')) as ProfileRow<K>[];
  if (!row) throw ApiError.notFound(profileKinds[kind].notFoundName);
  return row;
}

export interface InformationRequestInput {
  kind: ProfileKind;
  profileId: string;
  staffUserId: string;
  question: string;
  /** Wire names of the fields the question is about; may be empty. */
  fields: readonly string[];
  at?: Date;
}

function checkInformationRequest(kind: ProfileKind, question: string, fields: readonly string[]): void {
  const allowed = requestableFields(kind);
  const problems: FieldError[] = [];
  if (question.trim().length === 0) {
    problems.push({ field: 'question', code: 'required', message: 'question: is required' });
  }
  fields.forEach((name, index) => {
    if (!allowed.includes(name)) {
      problems.push({
        field: `fields.${index}`,
        code: 'invalid_value',
        message: `fields.${index}: ${JSON.stringify(name)} is not a field of a ${kind}; one of ${allowed.join(', ')}`,
      });
    }
  });
  if (problems.length > 0) throw ApiError.validation(problems);
}

/**
 * A reviewer asks the client for more: a profile in review becomes `action_required` with the question and the fields
 * it names; the client edits or uploads, then submits again (→ `in_review`). Asking decides nothing, so a reviewer who
 * corrected the profile may ask too. One public event `<kind>.action_required`, with the profile as it now reads.
 */
export function requestProfileInformation(
  executor: Executor,
  input: InformationRequestInput,
): Promise<{ orgId: string; requested: RequestedInformation }> {
  checkInformationRequest(input.kind, input.question, input.fields);
  return executor.transaction(async (tx) => {
    const row = await lockById(tx, input.kind, input.profileId);
    if (row.status !== 'in_review') {
      throw conflict(`Only a profile in review can be asked for more information (it is ${row.status})`);
    }
    const at = input.at ?? now();
    const requested: RequestedInformation = {
      question: input.question.trim(),
      fields: [...new Set(input.fields)],
      asked_at: at.toISOString(),
    };
    const spec = profileKinds[input.kind] as ProfileKindSpec<ProfileKind>;
    const updated = await updateProfileRow(tx, input.kind, row.id, {
      status: 'action_required' satisfies ProfileStatus,
      requestedInformation: requested,
      updatedAt: at,
    });
    await recordProfileEvent(tx, {
      kind: input.kind,
      orgId: row.orgId,
      profileId: row.id,
      change: 'action_required',
      actor: userAuditActor(input.staffUserId, true),
      data: spec.toWire(updated),
      at,
    });
    return { orgId: row.orgId, requested };
  });
}

export interface StaffCorrectionInput {
  kind: ProfileKind;
  profileId: string;
  staffUserId: string;
  /** Wire names to new values (`null` or empty clears an optional field), as the client's PATCH takes them. */
  changes: Record<string, string | null>;
}

/** The statuses a reviewer may correct: the profile is under review (waiting for staff or for the client). */
const CORRECTABLE: readonly ProfileStatus[] = ['in_review', 'action_required'];

/**
 * A reviewer corrects a profile's details under exactly the rules of the client's PATCH (the merged profile must pass
 * them as a whole). The corrector becomes a maker of this review (DESIGN "Staff": four eyes), the client's wire shape
 * says which fields provider staff changed, and drafts paying the party are outdated as after any change. Answers the
 * organization and the changed fields.
 */
export function correctProfile(
  executor: Executor,
  input: StaffCorrectionInput,
): Promise<{ orgId: string; changedFields: string[] }> {
  const spec = profileKinds[input.kind] as ProfileKindSpec<ProfileKind>;
  const unknown = Object.keys(input.changes).filter((name) => !spec.fields.includes(name));
  if (unknown.length > 0) {
    throw ApiError.validation(
      unknown.map((name) => ({
        field: `changes.${name}`,
        code: 'unknown_field' as const,
        message: `changes.${name}: is not a field of a ${input.kind}`,
      })),
    );
  }
  return executor.transaction(async (tx) => {
    const row = await lockById(tx, input.kind, input.profileId);
    if (!CORRECTABLE.includes(row.status)) {
      throw conflict(`Only a profile under review can be corrected by staff (it is ${row.status})`);
    }
    const { valid, detailsChanged, partyDetailsChanged } = mergeEdit(spec, row, input.changes);
    if (detailsChanged.length === 0) {
      throw ApiError.validation([
        { field: 'changes', code: 'invalid', message: 'changes: nothing differs from the profile as it is' },
      ]);
    }
    const at = now();
    const updated = await updateProfileRow(tx, input.kind, row.id, {
      ...valid.columns(row.id),
      ...(partyDetailsChanged
        ? { detailsVersion: row.detailsVersion + 1, detailsChangedAt: await businessNow(tx, row.orgId) }
        : {}),
      staffCorrection: { corrected_at: at.toISOString(), changed_fields: detailsChanged },
      correctedByUserIds: [...new Set([...row.correctedByUserIds, input.staffUserId])],
      updatedAt: at,
    });
    const audit = userAuditActor(input.staffUserId, true);
    await recordEdit(tx, {
      kind: input.kind,
      orgId: row.orgId,
      profileId: row.id,
      actor: audit,
      at,
      changedFields: detailsChanged,
      statusBefore: row.status,
      statusAfter: updated.status,
      wire: spec.toWire(updated),
      backToReview: false,
    });
    if (partyDetailsChanged) {
      // Staff are no maker of the client's batches (they cannot confirm them), so no user is named; the drafts'
      // review digests still move, as after the client's own edit.
      const actor: ServiceActor = {
        orgId: row.orgId,
        userId: null,
        apiKeyId: null,
        personId: input.staffUserId,
        audit,
        requestId: null,
      };
      await outdateDraftsOf(tx, { orgId: row.orgId, kind: input.kind, profileId: row.id, actor });
    }
    return { orgId: row.orgId, changedFields: detailsChanged };
  });
}
