// Owns the approval policy (maker-checker) as today's clients know it, read from and written to the approval rules
// it became (DESIGN "Rules": "GET reads the migrated rules, PATCH edits them"): each switch is a rule of origin
// `policy` — one stage, one approver who is none of the object's makers — which the engine applies like any other.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalPolicies, approvalRules, type StoredStage } from '@/db/schema/approvals';
import type { ApprovalObject } from '@/lib/approvals/contract/enums';
import type { ServiceActor } from '@/lib/identity/server';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec, formatUsdt } from '@/lib/platform/money';

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

/**
 * Whether the change lets something through that the policy stops now: a switch turned off, or the separate confirmer's
 * threshold raised (or set where every batch needed one). Such a change waits like a rule change (DESIGN "Rules": a
 * weakening PATCH answers 202); a change that only tightens applies at once. A change that does both waits whole.
 */
export function weakens(current: ApprovalPolicyWire, change: ApprovalPolicyChange): boolean {
  const off = (now: boolean, asked: boolean | undefined) => now && asked === false;
  if (off(current.withdrawals_require_approval, change.withdrawals_require_approval)) return true;
  if (off(current.wallets_require_approval, change.wallets_require_approval)) return true;
  if (!current.require_separate_confirmer) return false;
  if (change.require_separate_confirmer === false) return true;
  if (change.threshold_usdt === undefined || change.threshold_usdt === null) return false;
  return current.threshold_usdt === null || dec(change.threshold_usdt).gt(current.threshold_usdt);
}

/** Who writes the policy: an admin now, or whoever applied the change that waited (another admin, the sweep). */
export interface PolicyWriter {
  orgId: string;
  userId: string | null;
  audit: ServiceActor['audit'];
  requestId: string | null;
}

/**
 * Rewrites the policy's rules to the switches given (omitted ones keep their value) and records the change. Runs in
 * the caller's transaction.
 */
export async function writeApprovalPolicy(
  tx: Executor,
  writer: PolicyWriter,
  change: ApprovalPolicyChange,
  at: Date,
): Promise<ApprovalPolicyWire> {
  // One change at a time per organization: the policy row is the lock.
  await tx
    .insert(approvalPolicies)
    .values({ orgId: writer.orgId, updatedByUserId: writer.userId, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: approvalPolicies.orgId,
      set: { updatedByUserId: writer.userId, updatedAt: at },
    });
  const current = await getApprovalPolicy(tx, writer.orgId);
  const next = {
    requireSeparateConfirmer: change.require_separate_confirmer ?? current.require_separate_confirmer,
    thresholdUsdt: change.threshold_usdt === undefined ? current.threshold_usdt : change.threshold_usdt,
    withdrawalsRequireApproval: change.withdrawals_require_approval ?? current.withdrawals_require_approval,
    walletsRequireApproval: change.wallets_require_approval ?? current.wallets_require_approval,
  };
  await tx.update(approvalPolicies).set(next).where(eq(approvalPolicies.orgId, writer.orgId));
  await tx
    .delete(approvalRules)
    .where(and(eq(approvalRules.orgId, writer.orgId), eq(approvalRules.origin, 'policy')));
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
        orgId: writer.orgId,
        object: rule.object,
        name: POLICY_RULE_NAMES[rule.object],
        conditions: rule.conditions,
        stages: [POLICY_STAGE],
        origin: 'policy' as const,
        createdByUserId: writer.userId,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }
  const policy = await getApprovalPolicy(tx, writer.orgId);
  await recordEvent(tx, {
    orgId: writer.orgId,
    type: 'approval_policy.updated',
    actor: writer.audit,
    subjectId: writer.orgId,
    data: policy,
    requestId: writer.requestId,
    createdAt: at,
  });
  return policy;
}
