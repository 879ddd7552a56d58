// Owns who an approver is: the person a user or API key counts as (DESIGN "Maker-checker counts people"), the role
// they approve with (a key's own role; a user's membership) and the name the approval shows.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { memberships, users } from '@/db/schema/identity/users';
import type { StageRole } from '@/lib/approvals/contract/enums';
import { type OrgRole, roleAtLeast } from '@/lib/platform/actor/roles';

/** The caller as the approvals engine sees it (a ServiceActor's identity fields). */
export interface ApproverRef {
  orgId: string;
  userId: string | null;
  apiKeyId: string | null;
  /** A session's user, a key's creator, or a creator-less key itself. */
  personId: string | null;
}

export interface Approver {
  personId: string;
  userId: string | null;
  apiKeyId: string | null;
  role: OrgRole;
  name: string;
}

/** The approver, read now (a role changed a second ago counts); null for the system or someone no longer a member. */
export async function resolveApprover(executor: Executor, ref: ApproverRef): Promise<Approver | null> {
  if (ref.personId === null) return null;
  if (ref.apiKeyId !== null) {
    const [key] = await executor
      .select({ role: apiKeys.role, keyName: apiKeys.name, creatorName: users.name })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
      .where(and(eq(apiKeys.id, ref.apiKeyId), eq(apiKeys.orgId, ref.orgId)));
    if (!key) return null;
    return {
      personId: ref.personId,
      userId: null,
      apiKeyId: ref.apiKeyId,
      role: key.role as OrgRole,
      name: key.creatorName ?? key.keyName,
    };
  }
  if (ref.userId === null) return null;
  const [member] = await executor
    .select({ role: memberships.role, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, ref.orgId), eq(memberships.userId, ref.userId)));
  if (!member) return null;
  return { personId: ref.personId, userId: ref.userId, apiKeyId: null, role: member.role, name: member.name };
}

/**
 * Whether the approver may fill a slot of this stage (a stored stage or the wire's `eligible`): an approver or admin,
 * named by the stage or holding its role (admins include approvers).
 */
export function mayFill(
  stage: { role?: StageRole; user_ids?: readonly string[] },
  approver: Approver,
): boolean {
  if (!roleAtLeast(approver.role, 'approver')) return false;
  if (stage.user_ids) return stage.user_ids.includes(approver.personId);
  return roleAtLeast(approver.role, stage.role ?? 'approver');
}
