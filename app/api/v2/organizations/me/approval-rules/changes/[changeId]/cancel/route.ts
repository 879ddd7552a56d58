// Serves POST /api/v2/organizations/me/approval-rules/changes/{changeId}/cancel: the rule stays as it was.

import { handle } from '@/lib/app/handle';
import { cancelRuleChangeOperation } from '@/lib/approvals/contract/operations';
import { cancelRuleChange } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(cancelRuleChangeOperation, ({ actor, db, params, requestId }) =>
    cancelRuleChange(db, serviceActor(actor, requestId), params.changeId),
  ),
});
