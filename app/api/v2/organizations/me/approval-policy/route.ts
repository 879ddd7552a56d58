import { getApprovalPolicy, updateApprovalPolicy } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { getApprovalPolicy as get, updateApprovalPolicy as update } from '@/lib/payouts/approval-policy';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getApprovalPolicy, ({ actor, db }) => get(db, actor.orgId)),
  PATCH: handle(updateApprovalPolicy, ({ actor, db, body, requestId }) =>
    update(db, payoutActor(actor, requestId), body),
  ),
});
