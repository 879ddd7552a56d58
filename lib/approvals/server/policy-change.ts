// Owns `PATCH /organizations/me/approval-policy` (DESIGN "Rules"): a change that only tightens the policy applies at
// once; one that weakens it (a switch off, a higher threshold) waits like a rule change — another admin's approval,
// or the single admin's notice period — so no single admin switches a control off unseen.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalPolicies } from '@/db/schema/approvals';
import type { ServiceActor } from '@/lib/identity/server';
import { businessNow } from '@/lib/platform/clock';
import {
  type ApprovalPolicyChange,
  type ApprovalPolicyWire,
  getApprovalPolicy,
  weakens,
  writeApprovalPolicy,
} from './approval-policy';
import { type RuleChangeWire, requestPolicyChange } from './rules';

export type PolicyChangeOutcome =
  | { applied: true; policy: ApprovalPolicyWire }
  | { applied: false; change: RuleChangeWire };

export async function changeApprovalPolicy(
  executor: Executor,
  actor: ServiceActor,
  change: ApprovalPolicyChange,
): Promise<PolicyChangeOutcome> {
  return executor.transaction(async (tx) => {
    // Two admins' changes at once are judged one after the other (the row exists once the policy was ever written).
    await tx
      .select({ orgId: approvalPolicies.orgId })
      .from(approvalPolicies)
      .where(eq(approvalPolicies.orgId, actor.orgId))
      .for('update');
    const current = await getApprovalPolicy(tx, actor.orgId);
    if (weakens(current, change))
      return { applied: false, change: await requestPolicyChange(tx, actor, change) };
    const at = await businessNow(tx, actor.orgId);
    const policy = await writeApprovalPolicy(
      tx,
      { orgId: actor.orgId, userId: actor.userId, audit: actor.audit, requestId: actor.requestId },
      change,
      at,
    );
    return { applied: true, policy };
  });
}
