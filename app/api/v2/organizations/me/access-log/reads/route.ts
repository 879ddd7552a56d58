// Serves GET /api/v2/organizations/me/access-log/reads: every read of this organization's data by provider staff (admins).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listStaffReadsOperation } from '@/lib/support/contract/operations';
import { listStaffReads } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listStaffReadsOperation, ({ actor, query, db }) => listStaffReads(db, actor.orgId, query)),
});
