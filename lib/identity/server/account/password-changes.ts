// Owns changing a password (signed in) and resetting a forgotten one by an emailed link: single use, 30 minutes,
// only its SHA-256 stored, and a request that says and does the same thing whether or not the account exists.
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { passwordResetTokens } from '@/db/schema/identity/account-security';
import { userSessions } from '@/db/schema/identity/sessions';
import { users } from '@/db/schema/identity/users';
import { hashPassword } from '@/lib/identity/server/auth/password-hash';
import { email as emailAdapter } from '@/lib/platform/adapters/email';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { randomToken } from '@/lib/platform/crypto/tokens';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { SYSTEM_ACTOR, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { confirmPassword } from './password-confirmation';
import { checkNewPassword } from './password-policy';

/** A reset link works this long (a security deadline: real time). */
export const RESET_TOKEN_TTL_MINUTES = 30;
/** At most this many reset emails per account per hour, so nobody can flood a mailbox through the form. */
export const RESET_EMAILS_PER_HOUR = 3;

export function passwordResetUrl(token: string): string {
  return new URL(`/reset-password?token=${encodeURIComponent(token)}`, env().APP_BASE_URL).toString();
}

/** Ends a user's sessions (all, or all but `keep`); answers how many ended. */
async function endSessions(tx: Executor, userId: string, keep?: string): Promise<number> {
  const ended = await tx
    .update(userSessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keep ? ne(userSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  return ended.length;
}

/** Voids every reset link of a user that is still usable. */
async function voidResetLinks(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export interface ChangePasswordInput {
  userId: string;
  /** The session making the change stays signed in; every other one ends. */
  sessionId?: string;
  currentPassword: string;
  newPassword: string;
  /** Wrong current passwords are throttled per account and per this address, like sign-in. */
  clientAddress?: string;
  requestId?: string;
}

export async function changePassword(
  executor: Executor,
  input: ChangePasswordInput,
): Promise<{ sessions_ended: number }> {
  const user = await confirmPassword(executor, {
    userId: input.userId,
    password: input.currentPassword,
    clientAddress: input.clientAddress,
    param: 'current_password',
  });
  checkNewPassword(input.newPassword, { email: user.email, field: 'new_password' });
  if (input.newPassword === input.currentPassword) {
    throw ApiError.validation([
      {
        field: 'new_password',
        code: 'unchanged',
        message: 'new_password: must differ from the current password',
      },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return executor.transaction(async (tx) => {
    // Only if nobody changed it meanwhile (a second tab, a reset): the check above was against this hash.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, input.userId), eq(users.passwordHash, user.hash)))
      .returning({ id: users.id });
    if (!updated) {
      throw new ApiError('conflict', 'your password changed meanwhile: try again', {
        code: 'password_changed',
      });
    }
    const sessionsEnded = await endSessions(tx, input.userId, input.sessionId);
    await voidResetLinks(tx, input.userId);
    await recordEvent(tx, {
      orgId: null,
      type: 'user.password_changed',
      actor: userAuditActor(input.userId),
      subjectId: input.userId,
      data: { sessions_ended: sessionsEnded },
      requestId: input.requestId ?? null,
    });
    return { sessions_ended: sessionsEnded };
  });
}

/** The background task that looks the address up and sends the link (lib/identity/server/account/password-reset-email-task.ts). */
export const PASSWORD_RESET_EMAIL_TASK = 'account.password-reset-email';

/**
 * Takes a reset request: queues the lookup and the email as a job and does nothing else, so the request does the
 * same work, in the same time, whether or not the address has an account (the time once told: 95 ms vs 53 ms).
 */
export async function requestPasswordReset(
  executor: Executor,
  input: { email: string; requestId?: string },
): Promise<void> {
  await enqueueJob(
    executor,
    PASSWORD_RESET_EMAIL_TASK,
    { email: input.email, request_id: input.requestId ?? null },
    { maxAttempts: 5 },
  );
}

/**
 * Emails a reset link when the address belongs to an active account, and does nothing otherwise (run by the job, never
 * in a request). Past RESET_EMAILS_PER_HOUR for the account, nothing more is sent that hour.
 */
export async function sendPasswordResetLink(
  executor: Executor,
  input: { email: string; requestId?: string },
): Promise<void> {
  const address = input.email.trim().toLowerCase();
  const at = now();
  await executor.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.email, address), isNull(users.disabledAt)))
      // Serializes two requests for one account, so the hourly cap holds under concurrency.
      .for('no key update');
    if (!user) return;
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          gt(passwordResetTokens.createdAt, new Date(at.getTime() - 3_600_000)),
        ),
      );
    if ((recent?.n ?? 0) >= RESET_EMAILS_PER_HOUR) return;

    const token = randomToken(32);
    const expiresAt = new Date(at.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: sha256Hex(token), expiresAt, createdAt: at });
    await emailAdapter().send(tx, {
      kind: 'password_reset',
      userId: user.id,
      to: user.email,
      data: { name: user.name, url: passwordResetUrl(token), ttlMinutes: RESET_TOKEN_TTL_MINUTES },
    });
    await recordEvent(tx, {
      orgId: null,
      type: 'user.password_reset_requested',
      actor: SYSTEM_ACTOR,
      subjectId: user.id,
      data: { expires_at: expiresAt.toISOString() },
      requestId: input.requestId ?? null,
    });
  });
}

const unusableLink = () =>
  ApiError.businessRule('this reset link is invalid, already used or expired: request a new one', {
    code: 'invalid_reset_token',
    param: 'token',
  });

/**
 * Sets a new password through a reset link: the link is used up (once, however many requests race), every session
 * of the user ends, and every other outstanding link is void. A second factor, when on, stays on.
 */
export async function completePasswordReset(
  executor: Executor,
  input: { token: string; password: string; requestId?: string },
): Promise<{ email: string }> {
  const tokenHash = sha256Hex(input.token);
  const [link] = await executor
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now()),
        isNull(users.disabledAt),
      ),
    );
  if (!link) throw unusableLink();
  checkNewPassword(input.password, { email: link.email, field: 'password' });
  const passwordHash = await hashPassword(input.password);

  return executor.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(passwordResetTokens.id, link.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now()),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (!claimed) throw unusableLink();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, link.userId));
    await voidResetLinks(tx, link.userId);
    const sessionsEnded = await endSessions(tx, link.userId);
    await recordEvent(tx, {
      orgId: null,
      type: 'user.password_reset',
      actor: userAuditActor(link.userId),
      subjectId: link.userId,
      data: { sessions_ended: sessionsEnded },
      requestId: input.requestId ?? null,
    });
    return { email: link.email };
  });
}
