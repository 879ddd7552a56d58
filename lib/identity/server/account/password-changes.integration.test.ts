// Password change and reset against a real database: the same answer whether or not an account exists, links that
// work once and expire, sessions that end, and a cap on reset emails per account.
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { userSessions } from '@/db/schema/identity/sessions';
import { createUserSession, verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { createUser } from '@/lib/identity/server/auth/users';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { listOutbox } from '@/lib/sandbox/server/list-outbox';
import { useTestDatabase } from '@/test/db';
import {
  changePassword,
  completePasswordReset,
  RESET_EMAILS_PER_HOUR,
  RESET_TOKEN_TTL_MINUTES,
  sendPasswordResetLink,
} from './password-changes';

await useTestDatabase();
afterEach(resetClock);

const OLD = 'the old password';
const NEW = 'a brand new password';
let counter = 0;

async function userWithSessions(sessions = 1) {
  counter += 1;
  const email = `reset${counter}@example.com`;
  const user = await createUser(db(), { email, name: 'Reset Me', password: OLD });
  const ids: string[] = [];
  for (let i = 0; i < sessions; i += 1) {
    ids.push(await createUserSession(db(), { id: user.id, email, name: 'Reset Me', staffRole: null }));
  }
  return { ...user, sessions: ids };
}

async function liveSessions(userId: string) {
  const rows = await db()
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
  return rows.map((row) => row.id);
}

async function resetToken(userId: string): Promise<string> {
  const [message] = await listOutbox(db(), { userId });
  const token = message?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

describe('password reset', () => {
  it('emails a link that sets a new password once, ends every session, and then is useless', async () => {
    const user = await userWithSessions(2);
    await sendPasswordResetLink(db(), { email: user.email.toUpperCase() });
    const [message] = await listOutbox(db(), { userId: user.id });
    expect(message).toMatchObject({ kind: 'password_reset', to: user.email });
    expect(message?.text).toContain('http://localhost:3000/reset-password?token=');

    const token = await resetToken(user.id);
    await expect(completePasswordReset(db(), { token, password: 'short' })).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(await completePasswordReset(db(), { token, password: NEW })).toEqual({ email: user.email });
    expect(await verifyCredentials(db(), user.email, NEW)).not.toBeNull();
    expect(await verifyCredentials(db(), user.email, OLD)).toBeNull();
    expect(await liveSessions(user.id)).toEqual([]);

    await expect(
      completePasswordReset(db(), { token, password: 'yet another password' }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'invalid_reset_token',
    });
  });

  it(`a link expires after ${RESET_TOKEN_TTL_MINUTES} minutes`, async () => {
    const user = await userWithSessions();
    await sendPasswordResetLink(db(), { email: user.email });
    const token = await resetToken(user.id);
    advanceClock(RESET_TOKEN_TTL_MINUTES * 60_000 + 1000);
    await expect(completePasswordReset(db(), { token, password: NEW })).rejects.toMatchObject({
      code: 'invalid_reset_token',
    });
    expect(await verifyCredentials(db(), user.email, OLD)).not.toBeNull();
  });

  it('a newer link voids nothing, but using one voids the others', async () => {
    const user = await userWithSessions();
    await sendPasswordResetLink(db(), { email: user.email });
    const first = await resetToken(user.id);
    await sendPasswordResetLink(db(), { email: user.email });
    const second = await resetToken(user.id);
    expect(second).not.toBe(first);
    await completePasswordReset(db(), { token: second, password: NEW });
    await expect(
      completePasswordReset(db(), { token: first, password: 'another password!' }),
    ).rejects.toMatchObject({
      code: 'invalid_reset_token',
    });
  });

  it('does nothing for an unknown email, and stops sending past the hourly cap', async () => {
    await expect(sendPasswordResetLink(db(), { email: 'nobody@example.com' })).resolves.toBeUndefined();
    const user = await userWithSessions();
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i += 1)
      await sendPasswordResetLink(db(), { email: user.email });
    expect(await listOutbox(db(), { userId: user.id })).toHaveLength(RESET_EMAILS_PER_HOUR);
    advanceClock(3_600_000 + 1000);
    await sendPasswordResetLink(db(), { email: user.email });
    expect(await listOutbox(db(), { userId: user.id })).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
  });
});

describe('password change', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await userWithSessions(3);
    const [current] = user.sessions as [string];
    await expect(
      changePassword(db(), {
        userId: user.id,
        sessionId: current,
        currentPassword: 'wrong one!',
        newPassword: NEW,
      }),
    ).rejects.toMatchObject({ kind: 'bad_request', code: 'wrong_password' });
    await expect(
      changePassword(db(), { userId: user.id, sessionId: current, currentPassword: OLD, newPassword: OLD }),
    ).rejects.toMatchObject({ kind: 'validation' });
    expect(
      await changePassword(db(), {
        userId: user.id,
        sessionId: current,
        currentPassword: OLD,
        newPassword: NEW,
      }),
    ).toEqual({ sessions_ended: 2 });
    expect(await liveSessions(user.id)).toEqual([current]);
    expect(await verifyCredentials(db(), user.email, NEW)).not.toBeNull();
  });
});
