// Owns who is signed in for a server-rendered page: the next-auth session checked against its server-side row.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getServerSession } from 'next-auth';
import { db } from '@/db/client';
import { organizations } from '@/db/schema/organizations';
import { userSessions } from '@/db/schema/sessions';
import { memberships, type OrgRole, users } from '@/db/schema/users';
import { now } from '@/lib/clock';
import { isUuid } from '@/lib/ids';
import { authOptions } from './next-auth-options';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  staffRole: 'support' | 'support_lead' | null;
  organization: { id: string; name: string; role: OrgRole } | null;
}

/** Null when nobody is signed in or the session has ended (signed out elsewhere, expired, user disabled). */
export async function currentUser(): Promise<CurrentUser | null> {
  const session = await getServerSession(authOptions());
  if (!session?.sid || !isUuid(session.sid)) return null;
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      staffRole: users.staffRole,
      orgId: organizations.id,
      orgName: organizations.name,
      role: memberships.role,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, userSessions.userId), eq(memberships.orgId, userSessions.activeOrgId)),
    )
    .leftJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(
      and(
        eq(userSessions.id, session.sid),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now()),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    staffRole: row.staffRole,
    organization:
      row.orgId && row.orgName && row.role ? { id: row.orgId, name: row.orgName, role: row.role } : null,
  };
}
