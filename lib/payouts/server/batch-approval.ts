// Owns a batch's way through the approval rules (lib/approvals): what the rules look at (total, currencies,
// countries, first payment to a beneficiary, the latest change of a payee's details), who may never approve it (its makers), and confirm as the last approval
// — today's maker-checker, now the rules carried over from the policy.
import { and, eq, isNotNull, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { batchMakers, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';
import {
  type ApprovalSubject,
  approvalOf,
  approveByConfirm,
  getApprovalPolicy,
  openApproval,
} from '@/lib/approvals/server';
import type { ServiceActor } from '@/lib/identity/server';
import { formatUsdt } from '@/lib/platform/money';
import { isMaker } from './makers';
import type { BatchRow } from './rows';

/** What the rules look at, read from the batch's orders and the parties they pay in one statement. */
export async function batchSubject(tx: Executor, batch: BatchRow, at: Date): Promise<ApprovalSubject> {
  const o = payoutOrders;
  const b = beneficiaryProfiles;
  // Another confirmed batch of the organization that paid the same beneficiary: this order is not its first payment.
  const earlier = alias(payoutOrders, 'earlier');
  const paidBefore = tx
    .select({ one: sql`1` })
    .from(earlier)
    .innerJoin(payoutBatches, eq(payoutBatches.id, earlier.batchId))
    .where(
      and(
        eq(earlier.orgId, o.orgId),
        eq(earlier.beneficiaryProfileId, o.beneficiaryProfileId),
        ne(earlier.batchId, o.batchId),
        isNotNull(payoutBatches.confirmedAt),
      ),
    );
  const [row] = await tx
    .select({
      currencies: sql<string[]>`coalesce(array_agg(distinct ${o.beneficiaryCurrency}), '{}')`,
      countries: sql<string[]>`coalesce(array_agg(distinct ${b.country}), '{}')`,
      detailsChangedAt: max(b.detailsChangedAt),
      firstPayment: sql<boolean>`coalesce(bool_or(not exists (${paidBefore})), false)`,
    })
    .from(o)
    .innerJoin(b, eq(b.id, o.beneficiaryProfileId))
    .where(and(eq(o.orgId, batch.orgId), eq(o.batchId, batch.id)));
  return {
    object: 'batch',
    amountUsdt: batch.totalSourceAmount,
    currencies: row!.currencies,
    countries: row!.countries,
    firstPaymentToBeneficiary: row!.firstPayment,
    detailsChangedAt: row!.detailsChangedAt,
    source: batch.source,
    at,
  };
}

/** The people who made the batch (DESIGN "Makers"): a user, a key's creator, or a key no user created. */
export async function batchMakerPeople(tx: Executor, batchId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({
      person: sql<string>`coalesce(${batchMakers.userId}, ${apiKeys.createdByUserId}, ${batchMakers.apiKeyId})`,
    })
    .from(batchMakers)
    .leftJoin(apiKeys, eq(apiKeys.id, batchMakers.apiKeyId))
    .where(eq(batchMakers.batchId, batchId));
  return rows.map((row) => row.person);
}

/** The batch goes to approval (created, or re-quoted after a rejection): the matching rules' stages are copied onto it. */
export async function openBatchApproval(tx: Executor, batch: BatchRow, at: Date): Promise<ApprovalWire> {
  return openApproval(tx, {
    orgId: batch.orgId,
    objectId: batch.id,
    subject: await batchSubject(tx, batch, at),
    makers: await batchMakerPeople(tx, batch.id),
    approvalDigest: batch.approvalDigest,
    summary: {
      title:
        batch.clientReference ?? `Batch of ${batch.totalCount} order${batch.totalCount === 1 ? '' : 's'}`,
      amount_usdt: formatUsdt(batch.totalSourceAmount),
      order_count: batch.totalCount,
    },
  });
}

/** A maker's refusal: the policy's own sentence while it is what applies, so today's clients read what they read. */
export async function makerRefusal(tx: Executor, orgId: string): Promise<string> {
  const policy = await getApprovalPolicy(tx, orgId);
  const who = 'someone other than its makers (who created it, re-quoted it or changed a party it pays)';
  if (!policy.require_separate_confirmer) return `approval rules: this batch must be approved by ${who}`;
  const scope =
    policy.threshold_usdt === null ? 'every batch' : `a batch of ${policy.threshold_usdt} USDT or more`;
  return `approval policy: ${scope} must be confirmed by ${who}`;
}

/**
 * Confirm as an approval (DESIGN "Approvals", compatibility): a batch that went to approval before the rules existed
 * goes now; then a confirm by someone who may fill the last open slot is that approval, a maker is refused as the
 * policy refused them, and `approval_required` answers when more is missing than the caller can give.
 */
export async function gateConfirm(
  tx: Executor,
  actor: ServiceActor,
  batch: BatchRow,
  at: Date,
): Promise<void> {
  const existing = await approvalOf(tx, actor.orgId, 'batch', batch.id);
  if (
    existing.status === 'not_required' &&
    (await openBatchApproval(tx, batch, at)).status === 'not_required'
  )
    return;
  const maker = actor.personId !== null && (await isMaker(tx, batch.id, actor.personId));
  await approveByConfirm(tx, {
    orgId: actor.orgId,
    object: 'batch',
    objectId: batch.id,
    approver: actor,
    at,
    isMaker: maker,
    makerCode: 'separate_confirmer_required',
    makerMessage: maker ? await makerRefusal(tx, actor.orgId) : undefined,
  });
}
