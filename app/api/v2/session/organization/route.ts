// Serves PUT /api/v2/session/organization: switch the organization a browser session acts for.

import { handle } from '@/lib/app/handle';
import { switchActiveOrganizationOperation } from '@/lib/identity/contract/session-operations';
import { switchActiveOrganization } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(switchActiveOrganizationOperation, ({ actor, db, body }) =>
    switchActiveOrganization(db, actor.sessionId, body.org_id),
  ),
});
