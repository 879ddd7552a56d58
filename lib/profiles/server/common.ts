// Owns what both profile kinds share in their services: who acts, turning rule issues into the API's field
// errors, the review job's timing and the events a profile records.
import type { Executor } from '@/db/client';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { type AuditActor, SYSTEM_ACTOR as SYSTEM } from '@/lib/platform/events/audit-actor';
import type { EventType } from '@/lib/platform/events/catalogue-registry';
import { recordEvent } from '@/lib/platform/events/record-event';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import type { ProfileKind } from '../contract/enums';
import type { FieldIssue } from '../contract/validate-beneficiary';

/** Who changes a profile, as the audit trail names them (services take a ServiceActor and pass its `audit`). */
export type ProfileActor = AuditActor;

export const SYSTEM_ACTOR: ProfileActor = SYSTEM;

export type { ProfileKind };

/** The review job runs this long after a submission: the sandbox decides "seconds after submit", like a provider. */
export const REVIEW_DELAY_MS = 2_000;

export function toFieldErrors(issues: FieldIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.field,
    code: issue.code,
    message: `${issue.field}: ${issue.message}`,
  }));
}

export function validationError(issues: FieldIssue[]): ApiError {
  return ApiError.validation(toFieldErrors(issues));
}

export interface ProfileEventInput {
  kind: ProfileKind;
  orgId: string;
  profileId: string;
  change: 'created' | 'updated' | 'submitted' | 'ready' | 'rejected' | 'referred' | 'action_required';
  actor: ProfileActor;
  data: Record<string, unknown>;
  requestId?: string | null;
  at?: Date;
}

/** `sender.submitted`, `beneficiary.ready`, …: who (actor), when (the row's time) and why (`data.reason`). */
export function recordProfileEvent(executor: Executor, input: ProfileEventInput): Promise<string> {
  // The catalogue validates `data` against the type's schema (lib/profiles/contract/events.ts).
  return recordEvent(executor, {
    orgId: input.orgId,
    type: `${input.kind}.${input.change}` as EventType,
    actor: input.actor,
    subjectId: input.profileId,
    data: input.data as never,
    requestId: input.requestId ?? null,
    createdAt: input.at,
  });
}

/** Queues the review of a just-submitted profile in the submitting transaction: it exists exactly when the submission does. */
export async function scheduleReview(
  executor: Executor,
  kind: ProfileKind,
  profileId: string,
): Promise<void> {
  await enqueueJob(
    executor,
    'profiles.review',
    { kind, profile_id: profileId },
    {
      runAt: new Date(Date.now() + REVIEW_DELAY_MS),
      jobKey: `profiles.review:${profileId}`,
      maxAttempts: 10,
    },
  );
}

export function conflict(message: string): ApiError {
  return new ApiError('conflict', message);
}

const LABEL: Record<ProfileKind, string> = { sender: 'sender', beneficiary: 'beneficiary' };

/** A profile in review is frozen until the review decides: neither kind may be edited then. */
export function refuseEditInReview(kind: ProfileKind, status: string): void {
  if (status === 'in_review') {
    throw conflict(`The ${LABEL[kind]} is in review and cannot be changed until the review decides`);
  }
}

/**
 * Only a draft, a rejected profile or one whose reviewer asked for more (`action_required`) can be submitted; a ready
 * one goes back to review by being edited.
 */
export function refuseSubmit(kind: ProfileKind, status: string): void {
  if (status === 'in_review') throw conflict(`The ${LABEL[kind]} is already in review`);
  if (status === 'ready') {
    throw conflict(`The ${LABEL[kind]} is already ready: edit it to have it reviewed again`);
  }
}

/**
 * The columns that put a profile (back) into review at `at`, clearing the previous decision and any open request for
 * information (the question stays in the review history, its `<kind>.action_required` event).
 */
export function inReviewColumns(at: Date) {
  return {
    status: 'in_review' as const,
    rejectionReason: null,
    requestedInformation: null,
    submittedAt: at,
    reviewedAt: null,
    reviewSource: null,
    reviewedByUserId: null,
  };
}

interface ProfileChangeContext {
  kind: ProfileKind;
  orgId: string;
  profileId: string;
  actor: ProfileActor;
  requestId?: string | null;
  at: Date;
}

/** `<kind>.submitted` with the profile as it now reads, and (unless the caller reviews at once) the review job. */
export async function recordSubmission(
  executor: Executor,
  context: ProfileChangeContext & { wire: Record<string, unknown>; schedule?: boolean },
): Promise<void> {
  const { wire, schedule, ...rest } = context;
  await recordProfileEvent(executor, { ...rest, change: 'submitted', data: wire });
  if (schedule !== false) await scheduleReview(executor, context.kind, context.profileId);
}

/**
 * `<kind>.updated` naming the changed fields only (the audit trail must not copy an ID number or account out of
 * its encrypted column), then, when the edit sent a ready profile back to review, the submission with it.
 */
export async function recordEdit(
  executor: Executor,
  context: ProfileChangeContext & {
    changedFields: readonly string[];
    statusBefore: string;
    statusAfter: string;
    wire: Record<string, unknown>;
    backToReview: boolean;
  },
): Promise<void> {
  const { changedFields, statusBefore, statusAfter, wire, backToReview, ...change } = context;
  await recordProfileEvent(executor, {
    ...change,
    change: 'updated',
    data: { changed_fields: changedFields, status_before: statusBefore, status_after: statusAfter },
  });
  if (backToReview) await recordSubmission(executor, { ...change, wire });
}
