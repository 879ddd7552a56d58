// Owns an organization's members: listing them, changing a role, removing one — never leaving it without an admin.
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { userTwoFactor } from '@/db/schema/identity/account-security';
import { memberships, type OrgRole, users } from '@/db/schema/identity/users';
import type { MemberWire } from '@/lib/identity/contract/team-schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { AuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { isUuid } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { lockTeam } from './lock';

export type Member = MemberWire & { role: OrgRole; joined_at: string };

const memberColumns = {
  user_id: users.id,
  email: users.email,
  name: users.name,
  role: memberships.role,
  enabledAt: userTwoFactor.enabledAt,
  joined_at: memberships.createdAt,
};

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: OrgRole;
  enabledAt: Date | null;
  joined_at: Date;
}

const toMember = ({ enabledAt, joined_at, ...row }: MemberRow): Member => ({
  ...row,
  two_factor_enabled: enabledAt !== null,
  joined_at: joined_at.toISOString(),
});

/** The organization's members, longest-standing first. */
export async function listMembers(
  executor: Executor,
  orgId: string,
  page: PageRequest,
): Promise<ListEnvelope<Member>> {
  const [rows, [total]] = await Promise.all([
    executor
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .where(eq(memberships.orgId, orgId))
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ total: count() }).from(memberships).where(eq(memberships.orgId, orgId)),
  ]);
  return listEnvelope(rows.map(toMember), page, total?.total ?? 0);
}

async function findMember(executor: Executor, orgId: string, userId: string): Promise<Member> {
  const [row] = isUuid(userId)
    ? await executor
        .select(memberColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
        .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    : [];
  if (!row) throw ApiError.notFound('Member');
  return toMember(row);
}

async function otherAdmins(executor: Executor, orgId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, 'admin'), ne(memberships.userId, userId)));
  return row?.n ?? 0;
}

const LAST_ADMIN = 'the organization needs at least one admin: make someone else admin first';

export interface ChangeRoleInput {
  orgId: string;
  userId: string;
  role: OrgRole;
  actor: AuditActor;
  requestId?: string;
}

/** Changes a member's role (admins only, enforced by the operation). The last admin cannot be demoted. */
export async function changeMemberRole(executor: Executor, input: ChangeRoleInput): Promise<Member> {
  return executor.transaction(async (tx) => {
    await lockTeam(tx, input.orgId);
    const member = await findMember(tx, input.orgId, input.userId);
    if (member.role === input.role) return member;
    if (member.role === 'admin' && (await otherAdmins(tx, input.orgId, input.userId)) === 0) {
      throw new ApiError('conflict', LAST_ADMIN, { code: 'last_admin' });
    }
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.orgId, input.orgId), eq(memberships.userId, input.userId)));
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'member.role_changed',
      actor: input.actor,
      subjectId: input.userId,
      data: { email: member.email, previous_role: member.role, role: input.role },
      requestId: input.requestId ?? null,
    });
    return { ...member, role: input.role };
  });
}

export interface RemoveMemberInput {
  orgId: string;
  userId: string;
  actor: AuditActor;
  requestId?: string;
}

/**
 * Removes a member; their sessions stop acting for the organization at once (each request reads the membership).
 * The last admin cannot be removed (nor leave).
 */
export async function removeMember(executor: Executor, input: RemoveMemberInput): Promise<Member> {
  return executor.transaction(async (tx) => {
    await lockTeam(tx, input.orgId);
    const member = await findMember(tx, input.orgId, input.userId);
    if (member.role === 'admin' && (await otherAdmins(tx, input.orgId, input.userId)) === 0) {
      throw new ApiError('conflict', LAST_ADMIN, { code: 'last_admin' });
    }
    await tx
      .delete(memberships)
      .where(and(eq(memberships.orgId, input.orgId), eq(memberships.userId, input.userId)));
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'member.removed',
      actor: input.actor,
      subjectId: input.userId,
      data: { email: member.email, role: member.role },
      requestId: input.requestId ?? null,
    });
    return member;
  });
}
