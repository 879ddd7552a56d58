// Serves GET and PATCH /api/v2/organizations/me/approval-policy: the maker-checker rule for confirming.

import { handle } from '@/lib/app/handle';
import { getApprovalPolicy as get, updateApprovalPolicy as update } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { getApprovalPolicyOperation, updateApprovalPolicyOperation } from '@/lib/payouts/contract/operations';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getApprovalPolicyOperation, ({ actor, db }) => get(db, actor.orgId)),
  PATCH: handle(updateApprovalPolicyOperation, ({ actor, db, body, requestId }) =>
    update(db, serviceActor(actor, requestId), body),
  ),
});
