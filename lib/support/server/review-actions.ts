// Owns what a reviewer does in the console besides deciding: ask the client for more information, and correct a
// profile's details (audited with the reason; the corrector becomes a maker of the review). Each answers the profile
// as the reviewer then sees it, the read recorded like any other.
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { correctProfile, type ProfileKind, requestProfileInformation } from '@/lib/profiles/server';
import type {
  reviewCorrectionBody,
  reviewInformationRequestBody,
} from '@/lib/support/contract/reviews-schemas';
import { openReviewProfile } from './reviews';
import type { ReadRequest } from './staff-reads';

/** The reviewer's question goes to the client (`action_required`, a public event); the profile leaves staff's queue. */
export async function requestReviewInformation(
  executor: Executor,
  actor: StaffActor,
  kind: ProfileKind,
  profileId: string,
  body: z.output<typeof reviewInformationRequestBody>,
  read: ReadRequest,
) {
  assertNotViewing(actor);
  await requestProfileInformation(executor, {
    kind,
    profileId,
    staffUserId: actor.userId,
    question: body.question,
    fields: body.fields,
  });
  return openReviewProfile(executor, actor, kind, profileId, read);
}

/**
 * Corrects the details under the client's rules and records why (`support_review.corrected`, staff only) in the same
 * transaction as the change.
 */
export async function correctReviewProfile(
  executor: Executor,
  actor: StaffActor,
  kind: ProfileKind,
  profileId: string,
  body: z.output<typeof reviewCorrectionBody>,
  read: ReadRequest,
) {
  assertNotViewing(actor);
  await executor.transaction(async (tx) => {
    const { orgId, changedFields } = await correctProfile(tx, {
      kind,
      profileId,
      staffUserId: actor.userId,
      changes: body.changes,
    });
    await recordEvent(tx, {
      orgId,
      type: 'support_review.corrected',
      actor: userAuditActor(actor.userId, true),
      subjectId: profileId,
      data: { kind, changed_fields: changedFields, reason: body.reason },
    });
  });
  return openReviewProfile(executor, actor, kind, profileId, read);
}
