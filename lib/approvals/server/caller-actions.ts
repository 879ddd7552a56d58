// Owns filling a waiting rule change's `actions` for the caller of a request (DESIGN "Approvals"): who asked for it
// is read from its approval (the makers stored as it went to approval), and actions.ts decides.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalRequests } from '@/db/schema/approvals';
import { actionCaller, ruleChangeActions } from './actions';
import type { ApproverRef } from './people';
import type { RuleChangeWire } from './rules';

export async function ruleChangeForCaller(
  executor: Executor,
  actor: ApproverRef & { audit: { impersonationSessionId: string | null } },
  change: RuleChangeWire,
): Promise<RuleChangeWire> {
  const [caller, [request]] = await Promise.all([
    actionCaller(executor, actor),
    executor
      .select({ makers: approvalRequests.makers })
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.orgId, actor.orgId),
          eq(approvalRequests.objectType, 'approval_rules'),
          eq(approvalRequests.objectId, change.pending_change_id),
        ),
      ),
  ]);
  const person = caller.approver?.personId;
  return {
    ...change,
    actions: ruleChangeActions(change.approval, caller, {
      closed: change.status === 'pending' ? null : `The change is ${change.status}`,
      isMaker: person !== undefined && (request?.makers.includes(person) ?? false),
      noticePeriod: change.apply_after !== null,
    }),
  };
}
