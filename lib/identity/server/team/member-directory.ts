// Owns who belongs to an organization as another area needs to address them (the notifications area's recipients):
// members by role or by id, with what a message needs, and the organization's name and low-balance threshold.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { memberships, type OrgRole, users } from '@/db/schema/identity/users';

export interface OrganizationMember {
  userId: string;
  email: string;
  name: string;
  role: OrgRole;
}

/** The organization's members, optionally only those with one of `roles` or among `userIds`; longest-standing first. */
export async function organizationMembers(
  executor: Executor,
  orgId: string,
  filter: { roles?: readonly OrgRole[]; userIds?: readonly string[] } = {},
): Promise<OrganizationMember[]> {
  const conditions: SQL[] = [eq(memberships.orgId, orgId)];
  if (filter.roles) conditions.push(inArray(memberships.role, [...filter.roles]));
  if (filter.userIds) {
    if (filter.userIds.length === 0) return [];
    conditions.push(inArray(memberships.userId, [...filter.userIds]));
  }
  return executor
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(...conditions))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

/** What a notice about the organization needs: its name and its low-balance threshold (null: off). */
export async function organizationNoticeSettings(
  executor: Executor,
  orgId: string,
): Promise<{ name: string; lowBalanceThresholdUsdt: string | null } | null> {
  const [row] = await executor
    .select({ name: organizations.name, lowBalanceThresholdUsdt: organizations.lowBalanceThresholdUsdt })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row ?? null;
}
