// Owns a batch's way through the approval rules (lib/approvals): what the rules look at (total, currencies,
// countries, first payment to a beneficiary, the latest change of a payee's details), who may never approve it (its makers), and confirm as the last approval
// — today's maker-checker, now the rules carried over from the policy.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
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
  const rows = await tx.execute<{
    currencies: string[];
    countries: string[];
    first_payment: boolean;
    details_changed_at: string | null;
  }>(sql`
    select coalesce(array_agg(distinct o.beneficiary_currency), '{}') as currencies,
           max(b.details_changed_at) as details_changed_at,
           coalesce(array_agg(distinct b.country), '{}') as countries,
           coalesce(bool_or(not exists (
             select 1 from payout_orders p
               join payout_batches pb on pb.id = p.batch_id
              where p.org_id = o.org_id and p.beneficiary_profile_id = o.beneficiary_profile_id
                and p.batch_id <> o.batch_id and pb.confirmed_at is not null)), false) as first_payment
      from payout_orders o
      join beneficiary_profiles b on b.id = o.beneficiary_profile_id
     where o.org_id = ${batch.orgId} and o.batch_id = ${batch.id}`);
  const row = rows[0]!;
  return {
    object: 'batch',
    amountUsdt: batch.totalSourceAmount,
    currencies: row.currencies,
    countries: row.countries,
    firstPaymentToBeneficiary: row.first_payment,
    detailsChangedAt: row.details_changed_at === null ? null : new Date(row.details_changed_at),
    source: batch.source,
    at,
  };
}

/** The people who made the batch (DESIGN "Makers"): a user, a key's creator, or a key no user created. */
export async function batchMakerPeople(tx: Executor, batchId: string): Promise<string[]> {
  const rows = await tx.execute<{ person: string }>(sql`
    select distinct coalesce(m.user_id, k.created_by_user_id, m.api_key_id) as person
      from batch_makers m left join api_keys k on k.id = m.api_key_id
     where m.batch_id = ${batchId}`);
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
