// Serves POST /api/v2/organizations/me/approval-rules/changes/{changeId}/approve: another admin's approval.

import { handle } from '@/lib/app/handle';
import { approveRuleChangeOperation } from '@/lib/approvals/contract/operations';
import { approveRuleChange } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(approveRuleChangeOperation, ({ actor, db, params, requestId }) =>
    approveRuleChange(db, serviceActor(actor, requestId), params.changeId),
  ),
});
