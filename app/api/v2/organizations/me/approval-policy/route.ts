// Serves GET and PATCH /api/v2/organizations/me/approval-policy: the maker-checker rule for confirming (a weakening
// PATCH waits for approval: 202).

import { handle } from '@/lib/app/handle';
import { changeApprovalPolicy, getApprovalPolicy as get, ruleChangeForCaller } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { getApprovalPolicyOperation, updateApprovalPolicyOperation } from '@/lib/payouts/contract/operations';
import { otherAnswer } from '@/lib/platform/http/other-answer';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getApprovalPolicyOperation, ({ actor, db }) => get(db, actor.orgId)),
  // A weakening change waits: 202 with the change, the policy as it was.
  PATCH: handle(updateApprovalPolicyOperation, async ({ actor, db, body, requestId }) => {
    const caller = serviceActor(actor, requestId);
    const outcome = await changeApprovalPolicy(db, caller, body);
    return outcome.applied
      ? outcome.policy
      : otherAnswer(
          updateApprovalPolicyOperation,
          202,
          await ruleChangeForCaller(db, caller, outcome.change),
        );
  }),
});
