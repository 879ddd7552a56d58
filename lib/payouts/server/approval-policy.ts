// Owns the approval policy (maker-checker): reading and changing it, and the rule confirm applies. Liquidity reads its
// withdrawal and wallet switches through getApprovalPolicy.
import { eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '@/db/client';
import { approvalPolicies } from '@/db/schema/payouts';
import type { ServiceActor } from '@/lib/identity/server';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { dec, formatUsdt } from '@/lib/platform/money';
import { recordPayoutEvents } from './events';
import { isMaker } from './makers';
import type { BatchRow } from './rows';

export interface ApprovalPolicyWire {
  require_separate_confirmer: boolean;
  threshold_usdt: string | null;
  withdrawals_require_approval: boolean;
  wallets_require_approval: boolean;
  updated_at: string | null;
}

const policyFields = {
  requireSeparateConfirmer: approvalPolicies.requireSeparateConfirmer,
  thresholdUsdt: approvalPolicies.thresholdUsdt,
  withdrawalsRequireApproval: approvalPolicies.withdrawalsRequireApproval,
  walletsRequireApproval: approvalPolicies.walletsRequireApproval,
  updatedAt: approvalPolicies.updatedAt,
};
type PolicyRow = Omit<SelectResultFields<typeof policyFields>, 'updatedAt'> & { updatedAt: Date | null };

async function policyRow(executor: Executor, orgId: string): Promise<PolicyRow> {
  const [row] = await executor
    .select(policyFields)
    .from(approvalPolicies)
    .where(eq(approvalPolicies.orgId, orgId));
  return (
    row ?? {
      requireSeparateConfirmer: false,
      thresholdUsdt: null,
      withdrawalsRequireApproval: false,
      walletsRequireApproval: false,
      updatedAt: null,
    }
  );
}

function toWire(row: PolicyRow): ApprovalPolicyWire {
  return {
    require_separate_confirmer: row.requireSeparateConfirmer,
    threshold_usdt: row.thresholdUsdt === null ? null : formatUsdt(row.thresholdUsdt),
    withdrawals_require_approval: row.withdrawalsRequireApproval,
    wallets_require_approval: row.walletsRequireApproval,
    updated_at: row.updatedAt === null ? null : row.updatedAt.toISOString(),
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
      requireSeparateConfirmer: change.require_separate_confirmer ?? current.requireSeparateConfirmer,
      thresholdUsdt: change.threshold_usdt === undefined ? current.thresholdUsdt : change.threshold_usdt,
      withdrawalsRequireApproval: change.withdrawals_require_approval ?? current.withdrawalsRequireApproval,
      walletsRequireApproval: change.wallets_require_approval ?? current.walletsRequireApproval,
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
 * Under the policy, a batch whose total reaches the threshold (any batch when it is null) is confirmed by a person
 * who is none of its makers (DESIGN "Makers": its creator, its re-quoters, whoever changed a party it pays while it
 * was a draft); the refusal says why. A key acts for the user who created it, so neither a second key of a maker nor a
 * key an admin makes for the purpose can check the maker's own batch.
 */
export async function assertMayConfirm(
  executor: Executor,
  actor: ServiceActor,
  batch: BatchRow,
): Promise<void> {
  const policy = await policyRow(executor, actor.orgId);
  if (!policy.requireSeparateConfirmer) return;
  if (policy.thresholdUsdt !== null && dec(batch.totalSourceAmount).lt(policy.thresholdUsdt)) return;
  if (actor.personId === null || !(await isMaker(executor, batch.id, actor.personId))) return;
  const scope =
    policy.thresholdUsdt === null
      ? 'every batch'
      : `a batch of ${formatUsdt(policy.thresholdUsdt)} USDT or more`;
  throw new ApiError(
    'forbidden',
    `approval policy: ${scope} must be confirmed by someone other than its makers (who created it, re-quoted it or changed a party it pays)`,
    { code: 'separate_confirmer_required' },
  );
}
