// Owns the provider's staff list: a support lead invites people by email with their roles, changes roles and
// disables accounts; the command line creates the first lead. Leads serialize on one advisory lock, so two leads
// acting at once can never leave the provider without an active lead.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { userSessions } from '@/db/schema/identity/sessions';
import { users } from '@/db/schema/identity/users';
import { createUser, NO_PASSWORD_YET, sendSetPasswordLink } from '@/lib/identity/server';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { type StaffRole, staffRoleLabel } from '@/lib/platform/actor/roles';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, auditActorOf, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { isUuid } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { StaffMemberWire, StaffStatus } from '@/lib/support/contract/staff-schemas';

type UserRow = typeof users.$inferSelect;

/** Any fixed key: every change to who leads takes it for its transaction. */
const STAFF_LOCK_KEY = 0x5374_6166; // "Staf"

function statusOf(row: UserRow): StaffStatus {
  if (row.disabledAt) return 'disabled';
  return row.passwordHash === NO_PASSWORD_YET ? 'invited' : 'active';
}

function toWire(row: UserRow): StaffMemberWire {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    staff_role: row.staffRole!,
    staff_roles: [...row.staffRoles],
    status: statusOf(row),
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

async function lockStaff(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK_KEY})`);
}

const isStaff = sql`${users.staffRole} is not null`;

/** Leads who are not disabled (invited ones count: they become active by the link only they hold). */
async function leadsLeft(tx: Executor, except: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        sql`'support_lead' = any(${users.staffRoles})`,
        isNull(users.disabledAt),
        sql`${users.id} <> ${except}`,
      ),
    );
  return row?.n ?? 0;
}

const rolesPhrase = (roles: readonly StaffRole[]) => roles.map(staffRoleLabel).join(', ');

export async function listStaff(
  executor: Executor,
  query: PageRequest,
): Promise<ListEnvelope<StaffMemberWire>> {
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(users)
      .where(isStaff)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    executor.select({ n: count() }).from(users).where(isStaff),
  ]);
  return listEnvelope(rows.map(toWire), query, total?.n ?? 0);
}

interface InviteInput {
  email: string;
  name: string;
  roles: readonly StaffRole[];
}

/**
 * Creates (or, while still invited, refreshes) a staff account with no usable password and emails the link to
 * choose one, in one transaction. Answers the person and whether they were invited before.
 */
async function invite(
  tx: Executor,
  input: InviteInput & {
    audit: AuditActor;
    invitedBy: string;
    source: 'console' | 'cli';
    requestId?: string;
  },
): Promise<{ member: UserRow; resent: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [primary, ...more] = input.roles as [StaffRole, ...StaffRole[]];
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  let member: UserRow | undefined;
  if (existing) {
    if (!existing.staffRole || statusOf(existing) !== 'invited') {
      throw new ApiError('conflict', `${email} already has an account: staff need an email of their own`, {
        code: 'staff_email_taken',
        param: 'email',
      });
    }
    [member] = await tx
      .update(users)
      .set({ name: input.name, staffRole: primary, staffRoles: [...new Set(input.roles)] })
      .where(eq(users.id, existing.id))
      .returning();
  } else {
    const created = await createUser(tx, {
      email,
      name: input.name,
      passwordHash: NO_PASSWORD_YET,
      staffRole: primary,
      moreStaffRoles: more,
    });
    [member] = await tx.select().from(users).where(eq(users.id, created.id));
  }
  const expiresAt = await sendSetPasswordLink(tx, {
    userId: member!.id,
    email,
    name: input.name,
    invitedBy: input.invitedBy,
    as: rolesPhrase(input.roles),
  });
  await recordEvent(tx, {
    orgId: null,
    type: 'staff.invited',
    actor: input.audit,
    subjectId: member!.id,
    data: {
      email,
      roles: [...member!.staffRoles],
      source: input.source,
      resent: existing !== undefined,
      expires_at: expiresAt.toISOString(),
    },
    requestId: input.requestId ?? null,
  });
  return { member: member!, resent: existing !== undefined };
}

export async function inviteStaff(
  executor: Executor,
  actor: StaffActor,
  input: InviteInput,
  requestId?: string,
): Promise<StaffMemberWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    await lockStaff(tx);
    const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
    const { member } = await invite(tx, {
      ...input,
      audit: auditActorOf(actor),
      invitedBy: me?.name ?? 'A support lead',
      source: 'console',
      requestId,
    });
    return toWire(member);
  });
}

type FirstLeadOutcome =
  | { outcome: 'invited'; member: StaffMemberWire; resent: boolean }
  | { outcome: 'refused'; reason: string };

/**
 * The command line's way in for a provider with no staff yet: invites `email` as `support_lead`. Refused while
 * another lead exists, unless `another` (a deliberate second lead); never touches an account that exists already
 * except to resend the link of a lead still invited (so running it twice with the same email is harmless).
 */
export async function createStaffLead(
  executor: Executor,
  input: { email: string; name: string; another?: boolean },
): Promise<FirstLeadOutcome> {
  const email = input.email.trim().toLowerCase();
  return executor.transaction(async (tx) => {
    await lockStaff(tx);
    const leads = await tx
      .select()
      .from(users)
      .where(and(sql`'support_lead' = any(${users.staffRoles})`, isNull(users.disabledAt)));
    const same = leads.find((lead) => lead.email === email);
    if (same && statusOf(same) === 'active') {
      return { outcome: 'refused', reason: `${email} is already an active support lead: nothing changed` };
    }
    if (!same && leads.length > 0 && !input.another) {
      return {
        outcome: 'refused',
        reason: `a support lead already exists (${leads.length}): leads invite staff from the console's Staff page; pass --another to add one more lead anyway`,
      };
    }
    const { member, resent } = await invite(tx, {
      email,
      name: input.name,
      roles: ['support_lead'],
      audit: SYSTEM_ACTOR,
      invitedBy: "The provider's administrator",
      source: 'cli',
    });
    return { outcome: 'invited', member: toWire(member), resent };
  });
}

async function lockedMember(tx: Executor, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw ApiError.notFound('Staff member');
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isStaff))
    .for('update');
  if (!row) throw ApiError.notFound('Staff member');
  return row;
}

/**
 * A change to one staff member: never from inside a support view; under the staff lock (the last-lead rule counts
 * every lead), with the member's row locked.
 */
function changeMember(
  executor: Executor,
  actor: StaffActor,
  userId: string,
  change: (tx: Executor, row: UserRow) => Promise<StaffMemberWire>,
): Promise<StaffMemberWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    await lockStaff(tx);
    return change(tx, await lockedMember(tx, userId));
  });
}

const LAST_LEAD = 'the provider needs at least one active support lead: make someone else a lead first';

export async function changeStaffRoles(
  executor: Executor,
  actor: StaffActor,
  input: { userId: string; roles: readonly StaffRole[] },
  requestId?: string,
): Promise<StaffMemberWire> {
  return changeMember(executor, actor, input.userId, async (tx, row) => {
    if (row.disabledAt) {
      throw new ApiError('conflict', `${row.email} is disabled: their roles no longer change`, {
        code: 'staff_disabled',
      });
    }
    const roles = [...new Set(input.roles)];
    if (
      row.staffRoles.includes('support_lead') &&
      !roles.includes('support_lead') &&
      (await leadsLeft(tx, row.id)) === 0
    ) {
      throw new ApiError('conflict', LAST_LEAD, { code: 'last_staff_lead' });
    }
    const [updated] = await tx
      .update(users)
      .set({ staffRole: roles[0]!, staffRoles: roles })
      .where(eq(users.id, row.id))
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'staff.roles_changed',
      actor: auditActorOf(actor),
      subjectId: row.id,
      data: { email: row.email, previous_roles: [...row.staffRoles], roles },
      requestId: requestId ?? null,
    });
    return toWire(updated!);
  });
}

export async function disableStaff(
  executor: Executor,
  actor: StaffActor,
  input: { userId: string },
  requestId?: string,
): Promise<StaffMemberWire> {
  return changeMember(executor, actor, input.userId, async (tx, row) => {
    if (row.id === actor.userId) {
      throw new ApiError('conflict', 'you cannot disable your own account: ask another support lead', {
        code: 'cannot_disable_self',
      });
    }
    if (row.disabledAt) return toWire(row);
    if (row.staffRoles.includes('support_lead') && (await leadsLeft(tx, row.id)) === 0) {
      throw new ApiError('conflict', LAST_LEAD, { code: 'last_staff_lead' });
    }
    const at = now();
    const [updated] = await tx.update(users).set({ disabledAt: at }).where(eq(users.id, row.id)).returning();
    const ended = await tx
      .update(userSessions)
      .set({ revokedAt: at })
      .where(and(eq(userSessions.userId, row.id), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    await recordEvent(tx, {
      orgId: null,
      type: 'staff.disabled',
      actor: auditActorOf(actor),
      subjectId: row.id,
      data: { email: row.email, roles: [...row.staffRoles], sessions_ended: ended.length },
      requestId: requestId ?? null,
    });
    return toWire(updated!);
  });
}
