// Owns describing the signed-in staff member and their active "view as organization" (for the console's shell).
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import { impersonationSessions } from '@/db/schema/support';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { StaffMeWire } from '@/lib/support/contract/schemas';
import { viewToWire } from './views';

export async function getStaffMe(executor: Executor, actor: StaffActor): Promise<StaffMeWire> {
  const [user] = await executor
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user) throw ApiError.notFound('User');
  // The actor already carries the view the session check found active; read its organization's name.
  const [view] = actor.impersonation
    ? await executor
        .select({
          id: impersonationSessions.id,
          orgId: impersonationSessions.orgId,
          orgName: organizations.name,
          reason: impersonationSessions.reason,
          startedAt: impersonationSessions.startedAt,
          expiresAt: impersonationSessions.expiresAt,
        })
        .from(impersonationSessions)
        .innerJoin(organizations, eq(organizations.id, impersonationSessions.orgId))
        .where(eq(impersonationSessions.id, actor.impersonation.sessionId))
    : [];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    staff_role: actor.staffRole,
    staff_roles: [...actor.staffRoles],
    view: view ? viewToWire(view) : null,
  };
}
