// Serves GET /api/v2/organizations/me/approval-rules/changes: the rule (and policy) changes that wait, or were decided,
// each with what the caller may do with it.

import { handle } from '@/lib/app/handle';
import { listRuleChangesOperation } from '@/lib/approvals/contract/operations';
import { listRuleChanges, ruleChangeForCaller } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listRuleChangesOperation, async ({ actor, db, query, requestId }) => {
    const page = await listRuleChanges(db, actor.orgId, query.status, cursorPageRequest(query));
    const caller = serviceActor(actor, requestId);
    return {
      ...page,
      items: await Promise.all(page.items.map((change) => ruleChangeForCaller(db, caller, change))),
    };
  }),
});
