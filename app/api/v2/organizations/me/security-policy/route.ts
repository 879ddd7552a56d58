// Serves GET|PATCH /api/v2/organizations/me/security-policy: whether everyone must use a second factor.

import { handle } from '@/lib/app/handle';
import {
  getSecurityPolicyOperation,
  updateSecurityPolicyOperation,
} from '@/lib/identity/contract/account-operations';
import { getSecurityPolicy, setSecurityPolicy } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSecurityPolicyOperation, ({ actor, db }) => getSecurityPolicy(db, actor.orgId)),
  PATCH: handle(updateSecurityPolicyOperation, ({ actor, db, body, requestId }) =>
    setSecurityPolicy(db, {
      orgId: actor.orgId,
      userId: actor.userId ?? '',
      requireTwoFactor: body.require_two_factor,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
