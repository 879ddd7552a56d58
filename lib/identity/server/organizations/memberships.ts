// Owns listing the organizations a user belongs to (the portal's organization switcher).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { memberships } from '@/db/schema/identity/users';
import type { UserMembership } from '@/lib/identity/contract/signed-in';

export type { UserMembership } from '@/lib/identity/contract/signed-in';

export async function listUserMemberships(executor: Executor, userId: string): Promise<UserMembership[]> {
  return executor
    .select({ orgId: organizations.id, orgName: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}
