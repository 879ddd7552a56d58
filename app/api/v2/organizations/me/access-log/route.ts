// Serves GET /api/v2/organizations/me/access-log: when and why support viewed this organization (admins).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getAccessLogOperation } from '@/lib/support/contract/operations';
import { listOrganizationAccessLog } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getAccessLogOperation, ({ actor, query, db }) =>
    listOrganizationAccessLog(db, actor.orgId, query),
  ),
});
