// Serves GET /api/v2/organizations/me/access-log: when and why support viewed this organization (admins).
import { getAccessLogOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { listOrganizationAccessLog } from '@/lib/support/access-log';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getAccessLogOperation, ({ actor, query, db }) =>
    listOrganizationAccessLog(db, actor.orgId, query),
  ),
});
