// Owns the approval policy (maker-checker) as today's clients know it, read from and written to the approval rules
// it became (DESIGN "Rules": "GET reads the migrated rules, PATCH edits them"): each switch is a rule of origin
// `policy` — one stage, one approver who is none of the object's makers — which the engine applies like any other.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalPolicies, approvalRules, type StoredStage } from '@/db/schema/approvals';
import type { ApprovalObject } from '@/lib/approvals/contract/enums';
import type { ServiceActor } from '@/lib/identity/server';
import { businessNow } from '@/lib/platform/clock';
import { recordEvent } from '@/lib/platform/events/record-event';
import { formatUsdt } from '@/lib/platform/money';

export interface ApprovalPolicyWire {
  require_separate_confirmer: boolean;
  threshold_usdt: string | null;
  withdrawals_require_approval: boolean;
  wallets_require_approval: boolean;
  updated_at: string | null;
}

/** Today's one rule, as a stage: any approver who is none of the makers (the engine never lets a maker approve). */
export const POLICY_STAGE: StoredStage = { name: 'Second approver', required: 1, role: 'approver' };
const POLICY_RULE_NAMES: Record<Exclude<ApprovalObject, 'approval_rules'>, string> = {
  batch: 'Approval policy: a separate confirmer',
  withdrawal: 'Approval policy: four eyes on withdrawals',
  wallet: 'Approval policy: four eyes on new wallets',
};

export async function getApprovalPolicy(executor: Executor, orgId: string): Promise<ApprovalPolicyWire> {
  const [rules, [row]] = await Promise.all([
    executor
      .select({ object: approvalRules.object, conditions: approvalRules.conditions })
      .from(approvalRules)
      .where(and(eq(approvalRules.orgId, orgId), eq(approvalRules.origin, 'policy'))),
    executor
      .select({ updatedAt: approvalPolicies.updatedAt })
      .from(approvalPolicies)
      .where(eq(approvalPolicies.orgId, orgId)),
  ]);
  const batch = rules.find((rule) => rule.object === 'batch');
  const threshold = batch?.conditions.amount_usdt_gte;
  return {
    require_separate_confirmer: batch !== undefined,
    threshold_usdt: threshold === undefined ? null : formatUsdt(threshold),
    withdrawals_require_approval: rules.some((rule) => rule.object === 'withdrawal'),
    wallets_require_approval: rules.some((rule) => rule.object === 'wallet'),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

export interface ApprovalPolicyChange {
  require_separate_confirmer?: boolean;
  threshold_usdt?: string | null;
  withdrawals_require_approval?: boolean;
  wallets_require_approval?: boolean;
}

/** Rewrites the policy's rules to the switches given (omitted ones keep their value) and records the change. */
export async function updateApprovalPolicy(
  executor: Executor,
  actor: ServiceActor,
  change: ApprovalPolicyChange,
): Promise<ApprovalPolicyWire> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, actor.orgId);
    // One change at a time per organization: the policy row is the lock.
    await tx
      .insert(approvalPolicies)
      .values({ orgId: actor.orgId, updatedByUserId: actor.userId, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: approvalPolicies.orgId,
        set: { updatedByUserId: actor.userId, updatedAt: at },
      });
    const current = await getApprovalPolicy(tx, actor.orgId);
    const next = {
      requireSeparateConfirmer: change.require_separate_confirmer ?? current.require_separate_confirmer,
      thresholdUsdt: change.threshold_usdt === undefined ? current.threshold_usdt : change.threshold_usdt,
      withdrawalsRequireApproval: change.withdrawals_require_approval ?? current.withdrawals_require_approval,
      walletsRequireApproval: change.wallets_require_approval ?? current.wallets_require_approval,
    };
    await tx.update(approvalPolicies).set(next).where(eq(approvalPolicies.orgId, actor.orgId));
    await tx
      .delete(approvalRules)
      .where(and(eq(approvalRules.orgId, actor.orgId), eq(approvalRules.origin, 'policy')));
    const rules = [
      next.requireSeparateConfirmer && {
        object: 'batch' as const,
        conditions: next.thresholdUsdt === null ? {} : { amount_usdt_gte: next.thresholdUsdt },
      },
      next.withdrawalsRequireApproval && { object: 'withdrawal' as const, conditions: {} },
      next.walletsRequireApproval && { object: 'wallet' as const, conditions: {} },
    ].filter((rule) => rule !== false);
    if (rules.length > 0) {
      await tx.insert(approvalRules).values(
        rules.map((rule) => ({
          orgId: actor.orgId,
          object: rule.object,
          name: POLICY_RULE_NAMES[rule.object],
          conditions: rule.conditions,
          stages: [POLICY_STAGE],
          origin: 'policy' as const,
          createdByUserId: actor.userId,
          createdAt: at,
          updatedAt: at,
        })),
      );
    }
    const policy = await getApprovalPolicy(tx, actor.orgId);
    await recordEvent(tx, {
      orgId: actor.orgId,
      type: 'approval_policy.updated',
      actor: actor.audit,
      subjectId: actor.orgId,
      data: policy,
      requestId: actor.requestId,
      createdAt: at,
    });
    return policy;
  });
}
