// Serves POST /api/v2/organizations/me/approval-rules/changes/{changeId}/approve: another admin's approval.

import { handle } from '@/lib/app/handle';
import { approveRuleChangeOperation } from '@/lib/approvals/contract/operations';
import { approveRuleChange, ruleChangeForCaller } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(approveRuleChangeOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return ruleChangeForCaller(db, caller, await approveRuleChange(db, caller, params.changeId));
  }),
});
