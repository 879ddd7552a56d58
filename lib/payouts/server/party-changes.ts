// Owns what a change of a party's identity or bank details does to the drafts that pay it: their review digest is
// rewritten in the profile's transaction, the editor becomes one of their makers, the draft is marked for a fresh
// review, and `batch.review_outdated` is recorded — so an approval given before the change can no longer confirm the
// new details, nor can the editor confirm them (DESIGN "What an approval binds", "Makers"). Confirmed batches are
// untouched: their orders keep the parties they were confirmed with.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutBatches, payoutOrders } from '@/db/schema/payouts';
import type { ServiceActor } from '@/lib/identity/server';
import { businessNow } from '@/lib/platform/clock';
import { recordPayoutEvents } from './events';
import { recordMaker } from './makers';
import { refreshReviewDigests } from './review-digest';
import { toWireBatch } from './rows';

export interface PartyChange {
  orgId: string;
  kind: 'sender' | 'beneficiary';
  profileId: string;
  actor: ServiceActor;
}

/** Call after bumping the profile's `details_version`, in the same transaction. */
export async function outdateDraftsOf(tx: Executor, change: PartyChange): Promise<void> {
  const column = change.kind === 'sender' ? payoutOrders.senderProfileId : payoutOrders.beneficiaryProfileId;
  // Batches are locked in id order (as confirm and re-quote lock them one at a time), so two profile edits sharing
  // drafts cannot deadlock; a draft confirmed meanwhile drops out of the re-read `where` and keeps its approval.
  const drafts = await tx
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.orgId, change.orgId),
        eq(payoutBatches.status, 'AWAITING_CONFIRMATION'),
        inArray(
          payoutBatches.id,
          tx
            .select({ batchId: payoutOrders.batchId })
            .from(payoutOrders)
            .where(
              and(
                eq(column, change.profileId),
                eq(payoutOrders.status, 'DRAFT'),
                eq(payoutOrders.orgId, change.orgId),
              ),
            ),
        ),
      ),
    )
    .orderBy(payoutBatches.id)
    .for('update', { of: payoutBatches });
  if (drafts.length === 0) return;
  const at = await businessNow(tx, change.orgId);
  // Whoever changed what a draft pays is one of its makers (DESIGN "Makers"), recorded before the drafts are re-read
  // so the events carry them.
  await recordMaker(
    tx,
    change.actor,
    drafts.map((draft) => draft.id),
    at,
  );
  const changed = await refreshReviewDigests(
    tx,
    change.orgId,
    drafts.map((draft) => draft.id),
    { at, outdatedAt: at },
  );
  await recordPayoutEvents(
    tx,
    change.actor,
    at,
    changed.map((batch) => ({
      type: 'batch.review_outdated' as const,
      subjectId: batch.id,
      data: toWireBatch(batch),
    })),
  );
}
