// Owns server-side browser sessions: created at sign-in, checked per request, revoked at sign-out.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { userSessions } from '@/db/schema/identity/sessions';
import { memberships, type OrgRole, type StaffRole, users } from '@/db/schema/identity/users';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { hashPassword, needsRehash, verifyPassword } from './password-hash';
import { admitSignIn } from './sign-in-throttle';

/** How long a browser session lasts without signing in again. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  staffRole: StaffRole | null;
}

export type SignInOutcome =
  | { user: SignedInUser; refused: null }
  | { user: null; refused: 'wrong_credentials' | 'throttled' };

/**
 * Checks an email and password; the caller says nothing about which part was wrong, nor whether the
 * attempt was throttled. Failures are counted per account and per client address before scrypt runs;
 * past the limit the answer is the same refusal, at once. A right password stored with weaker scrypt
 * parameters is re-hashed with today's.
 */
export async function signIn(
  executor: Executor,
  credentials: { email: string; password: string; clientAddress?: string },
): Promise<SignInOutcome> {
  const email = credentials.email.trim().toLowerCase();
  const admission = await admitSignIn({ email, clientAddress: credentials.clientAddress ?? 'unknown' });
  if (!admission.allowed) return { user: null, refused: 'throttled' };
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.disabledAt)));
  // Hash anyway when the user is unknown, so response time does not reveal which emails exist.
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !valid) return { user: null, refused: 'wrong_credentials' };
  await admission.succeeded();
  if (needsRehash(user.passwordHash)) {
    const upgraded = await hashPassword(credentials.password);
    await executor
      .update(users)
      .set({ passwordHash: upgraded })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, staffRole: user.staffRole },
    refused: null,
  };
}

/** Checks an email and password; null for any refusal (see signIn). */
export async function verifyCredentials(
  executor: Executor,
  email: string,
  password: string,
  clientAddress?: string,
): Promise<SignedInUser | null> {
  return (await signIn(executor, { email, password, clientAddress })).user;
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
}

/** A new session row; client users start in their oldest membership's organization. */
export async function createUserSession(
  executor: Executor,
  user: SignedInUser,
  context: { userAgent?: string | null; ipAddress?: string | null } = {},
): Promise<string> {
  return executor.transaction(async (tx) => {
    const [membership] = user.staffRole
      ? []
      : await tx
          .select({ orgId: memberships.orgId })
          .from(memberships)
          .where(eq(memberships.userId, user.id))
          .orderBy(asc(memberships.createdAt))
          .limit(1);
    const [session] = await tx
      .insert(userSessions)
      .values({
        userId: user.id,
        activeOrgId: membership?.orgId ?? null,
        userAgent: context.userAgent ?? null,
        ipAddress: context.ipAddress ?? null,
        expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000),
      })
      .returning({ id: userSessions.id });
    await recordEvent(tx, {
      orgId: membership?.orgId ?? null,
      type: 'user.signed_in',
      actor: userAuditActor(user.id, Boolean(user.staffRole)),
      subjectId: session!.id,
      data: {},
    });
    return session!.id;
  });
}

export async function revokeUserSession(executor: Executor, sessionId: string): Promise<void> {
  await executor
    .update(userSessions)
    .set({ revokedAt: now() })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Switches the organization a session acts in; only to an organization the user is a member of. */
export async function switchActiveOrganization(
  executor: Executor,
  sessionId: string,
  orgId: string,
): Promise<{ org_id: string; role: OrgRole }> {
  const [session] = await executor.select().from(userSessions).where(eq(userSessions.id, sessionId));
  if (!session) throw new ApiError('unauthorized');
  const [membership] = await executor
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, session.userId), eq(memberships.orgId, orgId)));
  if (!membership) throw ApiError.notFound('Organization');
  await executor.update(userSessions).set({ activeOrgId: orgId }).where(eq(userSessions.id, sessionId));
  return { org_id: orgId, role: membership.role };
}
