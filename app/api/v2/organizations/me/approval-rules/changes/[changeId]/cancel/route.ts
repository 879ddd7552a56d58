// Serves POST /api/v2/organizations/me/approval-rules/changes/{changeId}/cancel: the rule stays as it was.

import { handle } from '@/lib/app/handle';
import { cancelRuleChangeOperation } from '@/lib/approvals/contract/operations';
import { cancelRuleChange, ruleChangeForCaller } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(cancelRuleChangeOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return ruleChangeForCaller(db, caller, await cancelRuleChange(db, caller, params.changeId));
  }),
});
