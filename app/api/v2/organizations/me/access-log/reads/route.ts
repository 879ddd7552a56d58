// Serves GET /api/v2/organizations/me/access-log/reads: every read of this organization's data by provider staff (admins).
import { listStaffReadsOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { listStaffReads } from '@/lib/support/staff-reads';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listStaffReadsOperation, ({ actor, query, db }) => listStaffReads(db, actor.orgId, query)),
});
