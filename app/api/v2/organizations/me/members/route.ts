// Serves GET /api/v2/organizations/me/members: the team (admins, session only).

import { handle } from '@/lib/app/handle';
import { listMembersOperation } from '@/lib/identity/contract/team-operations';
import { listMembers } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listMembersOperation, ({ actor, db, query }) => listMembers(db, actor.orgId, query)),
});
