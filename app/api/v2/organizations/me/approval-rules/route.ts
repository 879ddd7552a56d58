// Serves GET and POST /api/v2/organizations/me/approval-rules: the approval rules, and creating one.

import { handle } from '@/lib/app/handle';
import { createApprovalRuleOperation, listApprovalRulesOperation } from '@/lib/approvals/contract/operations';
import { createRule, listRules } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listApprovalRulesOperation, ({ actor, db }) => listRules(db, actor.orgId)),
  POST: handle(createApprovalRuleOperation, ({ actor, db, body, requestId }) =>
    createRule(db, serviceActor(actor, requestId), body),
  ),
});
