// Serves PATCH and DELETE /api/v2/organizations/me/approval-rules/{ruleId}: a change that waits for approval.

import { handle } from '@/lib/app/handle';
import {
  deleteApprovalRuleOperation,
  updateApprovalRuleOperation,
} from '@/lib/approvals/contract/operations';
import { requestRuleChange, ruleChangeForCaller } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(updateApprovalRuleOperation, async ({ actor, db, body, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return ruleChangeForCaller(
      db,
      caller,
      await requestRuleChange(db, caller, params.ruleId, { kind: 'update', rule: body }),
    );
  }),
  DELETE: handle(deleteApprovalRuleOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return ruleChangeForCaller(
      db,
      caller,
      await requestRuleChange(db, caller, params.ruleId, { kind: 'delete' }),
    );
  }),
});
