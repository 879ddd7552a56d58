// Owns who is signed in for a server-rendered page: the next-auth session checked against its server-side row.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { getServerSession } from 'next-auth';
import { db } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { userSessions } from '@/db/schema/identity/sessions';
import { memberships, users } from '@/db/schema/identity/users';
import { impersonationSessions } from '@/db/schema/support';
import type { CurrentUser } from '@/lib/identity/contract/signed-in';
import { now } from '@/lib/platform/clock';
import { isUuid } from '@/lib/platform/ids';
import { authOptions } from './next-auth-options';

export type { CurrentUser } from '@/lib/identity/contract/signed-in';

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
      staffRoles: users.staffRoles,
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
  // The same rule as the API's authentication: staff only, not ended, not past its time.
  const [view] = row.staffRole
    ? await db()
        .select({
          id: impersonationSessions.id,
          reason: impersonationSessions.reason,
          expiresAt: impersonationSessions.expiresAt,
          orgId: organizations.id,
          orgName: organizations.name,
        })
        .from(impersonationSessions)
        .innerJoin(organizations, eq(organizations.id, impersonationSessions.orgId))
        .where(
          and(
            eq(impersonationSessions.userSessionId, session.sid),
            eq(impersonationSessions.staffUserId, row.id),
            isNull(impersonationSessions.endedAt),
            gt(impersonationSessions.expiresAt, now()),
          ),
        )
        .orderBy(desc(impersonationSessions.startedAt))
        .limit(1)
    : [];
  const person = {
    id: row.id,
    name: row.name,
    email: row.email,
    staffRole: row.staffRole,
    staffRoles: row.staffRoles,
  };
  if (view) {
    return {
      ...person,
      organization: { id: view.orgId, name: view.orgName, role: 'admin' },
      view: { id: view.id, reason: view.reason, expiresAt: view.expiresAt.toISOString() },
    };
  }
  return {
    ...person,
    organization:
      row.orgId && row.orgName && row.role ? { id: row.orgId, name: row.orgName, role: row.role } : null,
    view: null,
  };
}
