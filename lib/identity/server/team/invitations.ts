// Owns invitations: an admin invites an email with a role, the email adapter sends the link, the invitee accepts
// (signed in with that email, or as a new user who sets a password). Only the token's SHA-256 is stored.
import { and, count, desc, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { userSessions } from '@/db/schema/identity/sessions';
import { invitations, memberships, type OrgRole, users } from '@/db/schema/identity/users';
import type {
  INVITATION_STATUSES,
  InvitationPreviewWire,
  InvitationWire,
} from '@/lib/identity/contract/team-schemas';
import { checkNewPassword } from '@/lib/identity/server/account/password-policy';
import { hashPassword } from '@/lib/identity/server/auth/password-hash';
import { email as emailAdapter } from '@/lib/platform/adapters/email';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { randomToken } from '@/lib/platform/crypto/tokens';
import { env, isSandbox } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { isUuid } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { lockTeam } from './lock';

/** How long an invitation link works (a security deadline: real time). */
export const INVITATION_TTL_DAYS = 7;

type InvitationStatus = (typeof INVITATION_STATUSES)[number];
type InvitationRow = typeof invitations.$inferSelect;

export function invitationUrl(token: string): string {
  return new URL(`/invitations/${token}`, env().APP_BASE_URL).toString();
}

function statusOf(row: InvitationRow, at: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

function toWire(row: InvitationRow, invitedBy: string | null, at: Date): InvitationWire {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, at),
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const ROLE_NAMES: Record<OrgRole, string> = {
  member: 'a member (view, build drafts)',
  approver: 'an approver (confirm batches, create withdrawals)',
  admin: 'an admin (team, API keys, everything else)',
};

export interface CreateInvitationInput {
  orgId: string;
  email: string;
  role: OrgRole;
  invitedByUserId: string;
  actor: AuditActor;
  requestId?: string;
}

/**
 * Invites an email with a role and sends the link through the email adapter in the same transaction. A pending
 * invitation to the same email is replaced (its link stops working), so "resend" is simply inviting again.
 */
export async function createInvitation(
  executor: Executor,
  input: CreateInvitationInput,
): Promise<InvitationWire & { accept_url: string | null }> {
  const email = input.email.trim().toLowerCase();
  const token = randomToken(32);
  const at = now();
  return executor.transaction(async (tx) => {
    if (!(await lockTeam(tx, input.orgId))) throw ApiError.notFound('Organization');
    const [existing] = await tx
      .select({ userId: users.id, memberOrg: memberships.orgId })
      .from(users)
      .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, input.orgId)))
      .where(eq(users.email, email));
    if (existing?.memberOrg) {
      throw ApiError.businessRule(`${email} is already a member of this organization`, {
        code: 'already_member',
        param: 'email',
      });
    }

    const replaced = await tx
      .update(invitations)
      .set({ revokedAt: at })
      .where(
        and(
          eq(invitations.orgId, input.orgId),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .returning({ id: invitations.id });
    for (const old of replaced) {
      await recordEvent(tx, {
        orgId: input.orgId,
        type: 'invitation.revoked',
        actor: input.actor,
        subjectId: old.id,
        data: { email, reason: 'replaced' },
        requestId: input.requestId ?? null,
      });
    }

    const [row] = await tx
      .insert(invitations)
      .values({
        orgId: input.orgId,
        email,
        role: input.role,
        tokenHash: sha256Hex(token),
        invitedByUserId: input.invitedByUserId,
        expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      })
      .returning();
    const [context] = await tx
      .select({ orgName: organizations.name, inviter: users.name })
      .from(organizations)
      .leftJoin(users, eq(users.id, input.invitedByUserId))
      .where(eq(organizations.id, input.orgId));

    const url = invitationUrl(token);
    await emailAdapter().send(tx, {
      kind: 'invitation',
      orgId: input.orgId,
      userId: existing?.userId ?? null,
      to: email,
      data: {
        inviterName: context?.inviter ?? null,
        orgName: context?.orgName ?? '',
        roleName: ROLE_NAMES[input.role],
        url,
        expiresAt: row!.expiresAt,
      },
    });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'invitation.created',
      actor: input.actor,
      subjectId: row!.id,
      data: { email, role: input.role, expires_at: row!.expiresAt.toISOString() },
      requestId: input.requestId ?? null,
    });
    return { ...toWire(row!, context?.inviter ?? null, at), accept_url: isSandbox() ? url : null };
  });
}

const STATUS_CONDITIONS: Record<InvitationStatus, (at: Date) => SQL | undefined> = {
  pending: (at) =>
    and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, at)),
  expired: (at) =>
    and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), lte(invitations.expiresAt, at)),
  accepted: () => isNotNull(invitations.acceptedAt),
  revoked: () => and(isNull(invitations.acceptedAt), isNotNull(invitations.revokedAt)),
};

/** The organization's invitations, newest first, optionally of one status. */
export async function listInvitations(
  executor: Executor,
  orgId: string,
  query: PageRequest & { status?: InvitationStatus },
): Promise<ListEnvelope<InvitationWire>> {
  const at = now();
  const where = and(
    eq(invitations.orgId, orgId),
    query.status ? STATUS_CONDITIONS[query.status](at) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select({ invitation: invitations, inviter: users.name })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedByUserId))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    executor.select({ total: count() }).from(invitations).where(where),
  ]);
  return listEnvelope(
    rows.map((row) => toWire(row.invitation, row.inviter, at)),
    query,
    total?.total ?? 0,
  );
}

export interface RevokeInvitationInput {
  orgId: string;
  invitationId: string;
  actor: AuditActor;
  requestId?: string;
}

/**
 * Withdraws a pending invitation (its link stops working). Revoking twice is harmless; an accepted one is a
 * `conflict`.
 */
export async function revokeInvitation(
  executor: Executor,
  input: RevokeInvitationInput,
): Promise<InvitationWire> {
  if (!isUuid(input.invitationId)) throw ApiError.notFound('Invitation');
  const at = now();
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, input.invitationId), eq(invitations.orgId, input.orgId)))
      .for('update');
    if (!row) throw ApiError.notFound('Invitation');
    if (row.acceptedAt) {
      throw new ApiError('conflict', 'the invitation was already accepted: remove the member instead', {
        code: 'invitation_accepted',
      });
    }
    let current: InvitationRow = row;
    if (!row.revokedAt) {
      const [updated] = await tx
        .update(invitations)
        .set({ revokedAt: at })
        .where(eq(invitations.id, row.id))
        .returning();
      current = updated!;
      await recordEvent(tx, {
        orgId: input.orgId,
        type: 'invitation.revoked',
        actor: input.actor,
        subjectId: row.id,
        data: { email: row.email, reason: 'revoked' },
        requestId: input.requestId ?? null,
      });
    }
    const [inviter] = row.invitedByUserId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.invitedByUserId))
      : [];
    return toWire(current, inviter?.name ?? null, at);
  });
}

async function findByToken(executor: Executor, token: string) {
  const [row] = await executor
    .select({ invitation: invitations, orgName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(eq(invitations.tokenHash, sha256Hex(token)));
  return row;
}

/** Why a link no longer works, in words its holder can act on. */
function refuseUnusable(row: InvitationRow, at: Date): void {
  const status = statusOf(row, at);
  if (status === 'accepted') {
    throw new ApiError('conflict', 'this invitation was already accepted: sign in instead', {
      code: 'invitation_used',
    });
  }
  if (status === 'revoked') {
    throw new ApiError('conflict', 'this invitation was withdrawn: ask your admin for a new one', {
      code: 'invitation_revoked',
    });
  }
  if (status === 'expired') {
    throw new ApiError('conflict', 'this invitation has expired: ask your admin for a new one', {
      code: 'invitation_expired',
    });
  }
}

/** What the invitation page shows its holder (the token is the key): organization, email, role, whether to sign in. */
export async function previewInvitation(executor: Executor, token: string): Promise<InvitationPreviewWire> {
  const found = await findByToken(executor, token);
  if (!found) throw ApiError.notFound('Invitation');
  refuseUnusable(found.invitation, now());
  const [account] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, found.invitation.email));
  return {
    organization_name: found.orgName,
    email: found.invitation.email,
    role: found.invitation.role,
    expires_at: found.invitation.expiresAt.toISOString(),
    account_exists: account !== undefined,
  };
}

/**
 * Marks the invitation used — exactly once, however many requests race — and adds the membership. Answers the
 * organization and the role the person now has there.
 */
async function claim(
  tx: Executor,
  token: string,
  userId: string,
  email: string,
  newAccount: boolean,
): Promise<{ orgId: string; orgName: string; role: OrgRole }> {
  const at = now();
  const found = await findByToken(tx, token);
  if (!found) throw ApiError.notFound('Invitation');
  refuseUnusable(found.invitation, at);
  const invitation = found.invitation;
  if (invitation.email !== email.toLowerCase()) {
    throw new ApiError(
      'forbidden',
      `this invitation was sent to ${invitation.email}: sign in with that email to accept it`,
      { code: 'invitation_email_mismatch' },
    );
  }
  await lockTeam(tx, invitation.orgId);
  const [claimed] = await tx
    .update(invitations)
    .set({ acceptedAt: at })
    .where(
      and(
        eq(invitations.id, invitation.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, at),
      ),
    )
    .returning({ id: invitations.id });
  if (!claimed) {
    // Another request used it between our read and our update.
    throw new ApiError('conflict', 'this invitation was already accepted: sign in instead', {
      code: 'invitation_used',
    });
  }
  const [existing] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, invitation.orgId), eq(memberships.userId, userId)));
  // Already a member (joined meanwhile): the invitation is used up, the role they have stands.
  const role = existing?.role ?? invitation.role;
  if (!existing) {
    await tx.insert(memberships).values({ orgId: invitation.orgId, userId, role });
    await recordEvent(tx, {
      orgId: invitation.orgId,
      type: 'member.joined',
      actor: userAuditActor(userId),
      subjectId: userId,
      data: { email, role, invitation_id: invitation.id, new_account: newAccount },
    });
  }
  return { orgId: invitation.orgId, orgName: found.orgName, role };
}

export interface AcceptInvitationInput {
  token: string;
  userId: string;
  /** The browser session that accepted: it switches to the organization joined. */
  sessionId?: string;
}

/** A signed-in user accepts an invitation sent to their own email. */
export async function acceptInvitation(
  executor: Executor,
  input: AcceptInvitationInput,
): Promise<{ org_id: string; organization_name: string; role: OrgRole }> {
  return executor.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new ApiError('unauthorized');
    const joined = await claim(tx, input.token, input.userId, user.email, false);
    if (input.sessionId) {
      await tx
        .update(userSessions)
        .set({ activeOrgId: joined.orgId })
        .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)));
    }
    return { org_id: joined.orgId, organization_name: joined.orgName, role: joined.role };
  });
}

export interface RegisterFromInvitationInput {
  token: string;
  name: string;
  password: string;
}

/**
 * A person without an account accepts by choosing a name and a password: the account is created for the invited
 * email (the link reached that mailbox, which is what proves it). When an account with that email exists, they
 * must sign in and accept instead — an invitation never resets anyone's password.
 */
export async function registerFromInvitation(
  executor: Executor,
  input: RegisterFromInvitationInput,
): Promise<{ email: string; org_id: string; organization_name: string; role: OrgRole }> {
  const found = await findByToken(executor, input.token);
  if (!found) throw ApiError.notFound('Invitation');
  refuseUnusable(found.invitation, now());
  const email = found.invitation.email;
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) {
    throw ApiError.validation([
      { field: 'name', code: 'invalid', message: 'name: must be 1 to 100 characters' },
    ]);
  }
  checkNewPassword(input.password, { email, field: 'password' });
  // scrypt is slow: hash before the transaction so no lock is held while it runs.
  const passwordHash = await hashPassword(input.password);

  return executor.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (account) {
      throw new ApiError(
        'conflict',
        `an account for ${email} already exists: sign in to accept the invitation`,
        {
          code: 'account_exists',
        },
      );
    }
    const [user] = await tx
      .insert(users)
      .values({ email, name, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) {
      throw new ApiError(
        'conflict',
        `an account for ${email} already exists: sign in to accept the invitation`,
        {
          code: 'account_exists',
        },
      );
    }
    const joined = await claim(tx, input.token, user.id, email, true);
    await recordEvent(tx, {
      orgId: joined.orgId,
      type: 'user.created',
      actor: userAuditActor(user.id),
      subjectId: user.id,
      data: { email, role: joined.role, source: 'invitation' },
    });
    return { email, org_id: joined.orgId, organization_name: joined.orgName, role: joined.role };
  });
}
