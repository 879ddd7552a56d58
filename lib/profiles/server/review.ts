// Owns the KYC/KYB decision on a submitted profile: `reviewProfile()` asks the kyc adapter (the job after a submit,
// the seed and `sandbox bootstrap` call it), and staff decide what the adapter referred (the support console).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type KycAdapter, type KycDecision, kyc } from '@/lib/platform/adapters/kyc';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';
import { conflict, type ProfileActor, type ProfileKind, recordProfileEvent, SYSTEM_ACTOR } from './common';
import { PROFILE_TABLES, type ProfileRow, selectable, updateProfileRow } from './profile-rows';
import { profileKinds } from './profiles';

export interface ReviewOutcome {
  kind: ProfileKind;
  profileId: string;
  /** The status after the review: `ready`, `rejected`, or still `in_review` (referred to staff, or not in review). */
  status: ProfileStatus;
  decided: boolean;
}

type Decision = { status: 'ready' } | { status: 'rejected'; reason: string };

interface Locked {
  orgId: string;
  status: ProfileStatus;
  name: string;
  /** Staff who corrected the details during this review (its makers). */
  correctedBy: readonly string[];
}

async function lockProfile<K extends ProfileKind>(
  tx: Executor,
  kind: K,
  profileId: string,
  orgId?: string,
): Promise<Locked | undefined> {
  const table = PROFILE_TABLES[kind];
  const [row] = (await tx
    .select()
    .from(selectable(kind))
    .where(orgId ? and(eq(table.id, profileId), eq(table.orgId, orgId)) : eq(table.id, profileId))
    .for('update')) as ProfileRow<K>[];
  return (
    row && {
      orgId: row.orgId,
      status: row.status,
      name: profileKinds[kind].nameOf(row),
      correctedBy: row.correctedByUserIds,
    }
  );
}

/** Writes a decision and its event (`<kind>.ready` / `<kind>.rejected`) with who decided and why. */
async function applyDecision<K extends ProfileKind>(
  tx: Executor,
  kind: K,
  profileId: string,
  locked: Locked,
  decision: Decision,
  by: {
    actor: ProfileActor;
    source: 'sandbox_adapter' | 'staff';
    staffUserId: string | null;
  },
  at: Date,
): Promise<void> {
  const columns = {
    status: decision.status,
    rejectionReason: decision.status === 'rejected' ? decision.reason : null,
    reviewedAt: at,
    reviewSource: by.source,
    reviewedByUserId: by.staffUserId,
    // The review ends here: whoever corrected it during the review is no longer barred from the next one.
    correctedByUserIds: [],
    updatedAt: at,
  };
  const object = profileKinds[kind].toWire(await updateProfileRow(tx, kind, profileId, columns));
  await recordProfileEvent(tx, {
    kind,
    orgId: locked.orgId,
    profileId,
    change: decision.status,
    actor: by.actor,
    data: object,
    at,
  });
}

/**
 * Decides a profile that is in review through the kyc adapter, in one transaction with its event. A profile not in
 * review (already decided, edited back to draft, or gone) is left alone, so a late or repeated job is harmless.
 */
export async function reviewProfile(
  executor: Executor,
  kind: ProfileKind,
  profileId: string,
  options: { at?: Date; adapter?: KycAdapter } = {},
): Promise<ReviewOutcome> {
  return executor.transaction(async (tx) => {
    const locked = await lockProfile(tx, kind, profileId);
    if (!locked) return { kind, profileId, status: 'draft', decided: false };
    if (locked.status !== 'in_review') return { kind, profileId, status: locked.status, decided: false };
    const adapter = options.adapter ?? kyc();
    const verdict: KycDecision = await adapter.review({ kind, names: [locked.name] });
    const at = options.at ?? now();
    if (verdict.outcome === 'in_review') {
      // Referred to staff: the profile waits in the support console's queue; the note is for staff only.
      await recordProfileEvent(tx, {
        kind,
        orgId: locked.orgId,
        profileId,
        change: 'referred',
        actor: SYSTEM_ACTOR,
        data: { review_source: adapter.reviewSource, screening_note: verdict.screeningNote },
        at,
      });
      return { kind, profileId, status: 'in_review', decided: false };
    }
    const decision: Decision =
      verdict.outcome === 'ready'
        ? { status: 'ready' }
        : { status: 'rejected', reason: verdict.rejectionReason ?? 'Rejected by screening' };
    await applyDecision(
      tx,
      kind,
      profileId,
      locked,
      decision,
      { actor: SYSTEM_ACTOR, source: adapter.reviewSource, staffUserId: null },
      at,
    );
    return { kind, profileId, status: decision.status, decided: true };
  });
}

export interface StaffDecisionInput {
  kind: ProfileKind;
  profileId: string;
  staffUserId: string;
  /** Shown to the client when rejecting (required then). */
  reason?: string;
  at?: Date;
}

async function staffDecide(
  executor: Executor,
  input: StaffDecisionInput,
  decision: Decision,
): Promise<ReviewOutcome> {
  return executor.transaction(async (tx) => {
    const locked = await lockProfile(tx, input.kind, input.profileId);
    if (!locked) throw ApiError.notFound(input.kind === 'sender' ? 'Sender' : 'Beneficiary');
    if (locked.status !== 'in_review')
      throw conflict(`Only a profile in review can be decided (it is ${locked.status})`);
    refuseMakerDecision(input.staffUserId, locked.correctedBy);
    await applyDecision(
      tx,
      input.kind,
      input.profileId,
      locked,
      decision,
      {
        actor: { actorType: 'staff', actorId: input.staffUserId, impersonationSessionId: null },
        source: 'staff',
        staffUserId: input.staffUserId,
      },
      input.at ?? now(),
    );
    return { kind: input.kind, profileId: input.profileId, status: decision.status, decided: true };
  });
}

/**
 * Four eyes (DESIGN "Staff"): a reviewer who corrected a profile's details during this review is one of its makers,
 * and another reviewer must decide it.
 */
export function refuseMakerDecision(staffUserId: string, correctedBy: readonly string[]): void {
  if (correctedBy.includes(staffUserId)) {
    throw new ApiError(
      'forbidden',
      'You corrected this profile during its review: another reviewer must decide it (four eyes)',
      { code: 'separate_reviewer_required' },
    );
  }
}

/** A support agent clears a profile the adapter referred (or any profile in review). */
export function approveProfile(executor: Executor, input: StaffDecisionInput): Promise<ReviewOutcome> {
  return staffDecide(executor, input, { status: 'ready' });
}

/** A support agent rejects with a reason the client reads and can act on. */
export function rejectProfile(
  executor: Executor,
  input: StaffDecisionInput & { reason: string },
): Promise<ReviewOutcome> {
  const reason = input.reason.trim();
  if (!reason) {
    throw ApiError.validation([{ field: 'reason', code: 'required', message: 'reason: is required' }]);
  }
  return staffDecide(executor, input, { status: 'rejected', reason });
}
