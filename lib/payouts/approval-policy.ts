// Owns the approval policy (maker-checker): reading and changing it, and the rule confirm applies. Liquidity reads its
// withdrawal and wallet switches through getApprovalPolicy.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalPolicies } from '@/db/schema/approval-policies';
import type { ServiceActor } from '@/lib/auth/service-actor';
import { businessNow } from '@/lib/clock';
import { ApiError } from '@/lib/errors/api-error';
import { dec, formatUsdt } from '@/lib/money';
import { recordPayoutEvents } from './events';
import type { BatchRow } from './rows';

export interface ApprovalPolicyWire {
  require_separate_confirmer: boolean;
  threshold_usdt: string | null;
  withdrawals_require_approval: boolean;
  wallets_require_approval: boolean;
  updated_at: string | null;
}

type PolicyRow = {
  require_separate_confirmer: boolean;
  threshold_usdt: string | null;
  withdrawals_require_approval: boolean;
  wallets_require_approval: boolean;
  updated_at: Date | null;
};

async function policyRow(executor: Executor, orgId: string): Promise<PolicyRow> {
  const [row] = await executor.execute<PolicyRow>(sql`
    select require_separate_confirmer, threshold_usdt::text as threshold_usdt, withdrawals_require_approval,
           wallets_require_approval, updated_at
    from approval_policies where org_id = ${orgId}`);
  return (
    row ?? {
      require_separate_confirmer: false,
      threshold_usdt: null,
      withdrawals_require_approval: false,
      wallets_require_approval: false,
      updated_at: null,
    }
  );
}

function toWire(row: PolicyRow): ApprovalPolicyWire {
  return {
    require_separate_confirmer: row.require_separate_confirmer,
    threshold_usdt: row.threshold_usdt === null ? null : formatUsdt(row.threshold_usdt),
    withdrawals_require_approval: row.withdrawals_require_approval,
    wallets_require_approval: row.wallets_require_approval,
    updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

export async function getApprovalPolicy(executor: Executor, orgId: string): Promise<ApprovalPolicyWire> {
  return toWire(await policyRow(executor, orgId));
}

export async function updateApprovalPolicy(
  executor: Executor,
  actor: ServiceActor,
  change: {
    require_separate_confirmer?: boolean;
    threshold_usdt?: string | null;
    withdrawals_require_approval?: boolean;
    wallets_require_approval?: boolean;
  },
): Promise<ApprovalPolicyWire> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, actor.orgId);
    const current = await policyRow(tx, actor.orgId);
    const next = {
      requireSeparateConfirmer: change.require_separate_confirmer ?? current.require_separate_confirmer,
      thresholdUsdt: change.threshold_usdt === undefined ? current.threshold_usdt : change.threshold_usdt,
      withdrawalsRequireApproval: change.withdrawals_require_approval ?? current.withdrawals_require_approval,
      walletsRequireApproval: change.wallets_require_approval ?? current.wallets_require_approval,
    };
    await tx
      .insert(approvalPolicies)
      .values({ orgId: actor.orgId, ...next, updatedByUserId: actor.userId, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: approvalPolicies.orgId,
        set: { ...next, updatedByUserId: actor.userId, updatedAt: at },
      });
    const policy = toWire(await policyRow(tx, actor.orgId));
    await recordPayoutEvents(tx, actor, at, [
      {
        type: 'approval_policy.updated',
        subjectId: actor.orgId,
        data: policy,
      },
    ]);
    return policy;
  });
}

/**
 * The person who made a batch (DESIGN "Maker-checker counts people"): its user, or the user who created its API key,
 * or — for a key no user created — the key itself. Read at confirm time, so it holds for batches made before 2.3.0.
 */
async function creatorPerson(executor: Executor, batch: BatchRow): Promise<string | null> {
  if (batch.created_by_user_id !== null) return batch.created_by_user_id;
  if (batch.created_by_api_key_id === null) return null;
  const [key] = await executor.execute<{ person: string }>(sql`
    select coalesce(created_by_user_id, id)::text as person from api_keys where id = ${batch.created_by_api_key_id}`);
  return key?.person ?? batch.created_by_api_key_id;
}

/**
 * Under the policy, a batch whose total reaches the threshold (any batch when it is null) is confirmed by a person
 * other than its creator; the refusal says why. A key acts for the user who created it, so neither a second key of the
 * creator nor a key an admin makes for the purpose can check the creator's own batch.
 */
export async function assertMayConfirm(
  executor: Executor,
  actor: ServiceActor,
  batch: BatchRow,
): Promise<void> {
  const policy = await policyRow(executor, actor.orgId);
  if (!policy.require_separate_confirmer) return;
  if (policy.threshold_usdt !== null && dec(batch.total_source_amount).lt(policy.threshold_usdt)) return;
  const creator = await creatorPerson(executor, batch);
  if (creator === null || creator !== actor.personId) return;
  const scope =
    policy.threshold_usdt === null
      ? 'every batch'
      : `a batch of ${formatUsdt(policy.threshold_usdt)} USDT or more`;
  throw new ApiError(
    'forbidden',
    `approval policy: ${scope} must be confirmed by someone other than its creator`,
    { code: 'separate_confirmer_required' },
  );
}
