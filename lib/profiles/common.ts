// Owns what both profile kinds share in their services: who acts, turning rule issues into the API's field
// errors, the review job's timing and the events a profile records.
import type { Executor } from '@/db/client';
import type { ActorType } from '@/db/schema/events';
import { type Actor, auditActor } from '@/lib/auth/actor';
import { recordEvent } from '@/lib/events/record-event';
import { ApiError, type FieldError } from '@/lib/http/errors';
import { enqueueJob } from '@/lib/jobs/enqueue';
import type { FieldIssue } from './validate-beneficiary';

/** Who changes a profile, as the audit trail names them. */
export interface ProfileActor {
  actorType: ActorType;
  actorId: string | null;
  impersonationSessionId?: string | null;
}

export const SYSTEM_ACTOR: ProfileActor = { actorType: 'system', actorId: null };

/** The audit name of a request's actor, with the support view it acted under. */
export function profileActor(actor: Actor): ProfileActor {
  return { ...auditActor(actor), impersonationSessionId: actor.impersonation?.sessionId ?? null };
}

export type ProfileKind = 'sender' | 'beneficiary';

export const SUBJECT_TYPE = { sender: 'sender_profile', beneficiary: 'beneficiary_profile' } as const;

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
  /** `created`, `updated`, `submitted`, `ready`, `rejected`, `referred`. */
  change: string;
  actor: ProfileActor;
  data: Record<string, unknown>;
  requestId?: string | null;
  at?: Date;
}

/** `sender.submitted`, `beneficiary.ready`, …: who (actor), when (the row's time) and why (`data.reason`). */
export function recordProfileEvent(executor: Executor, input: ProfileEventInput): Promise<string> {
  return recordEvent(executor, {
    orgId: input.orgId,
    type: `${input.kind}.${input.change}`,
    actorType: input.actor.actorType,
    actorId: input.actor.actorId,
    impersonationSessionId: input.actor.impersonationSessionId ?? null,
    subjectType: SUBJECT_TYPE[input.kind],
    subjectId: input.profileId,
    data: input.data,
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
