// Serves GET /api/v2/organizations/me/approval-rules/changes: the rule (and policy) changes that wait, or were decided.

import { handle } from '@/lib/app/handle';
import { listRuleChangesOperation } from '@/lib/approvals/contract/operations';
import { listRuleChanges } from '@/lib/approvals/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listRuleChangesOperation, ({ actor, db, query }) =>
    listRuleChanges(db, actor.orgId, query.status, cursorPageRequest(query)),
  ),
});
