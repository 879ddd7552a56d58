// A person's own security through the real routes: password change, reset by email (generic, single use), the
// TOTP second factor and sign-in asking for it, the organization's two-factor policy, and the sandbox outbox.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { codeAt } from '@/lib/identity/server/account/totp';
import { authOptions } from '@/lib/identity/server/auth/next-auth-options';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { advanceClock, freezeClock, now, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { runQueuedResetJobs } from '../support/password-reset-jobs';
import { asUser, emailOf, sessionCookieFor } from '../support/settings';

await useTestDatabase();
afterEach(resetClock);

const PASSWORD = 'correct horse battery staple';

/** The credentials provider's own authorize, as next-auth calls it on sign-in. */
async function authorize(credentials: Record<string, string>) {
  const provider = authOptions().providers[0] as unknown as {
    options: { authorize: (c: Record<string, string>, r: unknown) => Promise<{ id: string } | null> };
  };
  return provider.options.authorize(credentials, {});
}

async function enrol(cookie: string): Promise<{ secret: string; codes: string[] }> {
  const started = await asUser<{ secret: string; otpauth_uri: string }>(
    cookie,
    'POST',
    '/api/v2/account/two-factor/enrolment',
  );
  expect(started.status).toBe(201);
  const on = await asUser<{ recovery_codes: string[] }>(cookie, 'POST', '/api/v2/account/two-factor', {
    code: codeAt(started.body.secret, now()),
  });
  expect(on.status).toBe(201);
  return { secret: started.body.secret, codes: on.body.recovery_codes };
}

interface OutboxItem {
  kind: string;
  to: string;
  links: string[];
}

describe('password', () => {
  it('changes with the current password and ends the other sessions; API keys never reach it', async () => {
    const org = await createTestOrganization();
    const user = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
    const wrong = await asUser(user.cookie, 'POST', '/api/v2/account/password', {
      current_password: 'not my password',
      new_password: 'a new long password',
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'wrong_password' } });
    const changed = await asUser(user.cookie, 'POST', '/api/v2/account/password', {
      current_password: PASSWORD,
      new_password: 'a new long password',
    });
    expect(changed).toMatchObject({ status: 200, body: { sessions_ended: 0 } });
    expect(
      await authorize({ email: await emailOf(user.userId), password: 'a new long password' }),
    ).toMatchObject({
      id: user.userId,
    });
    const byKey = await apiClient(org.credentials).send('POST', '/api/v2/account/password', {
      rawBody: JSON.stringify({ current_password: 'x', new_password: 'yyyyyyyyyyyy' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(byKey.status).toBe(404);
  });

  it('a reset request answers the same for any email; the link reaches only its owner’s outbox and works once', async () => {
    const org = await createTestOrganization();
    const user = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const email = await emailOf(user.userId);
    const unknown = await asUser(null, 'POST', '/api/auth/password-reset', { email: 'nobody@example.com' });
    const known = await asUser(null, 'POST', '/api/auth/password-reset', { email });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    // The lookup and the email run in a job, as the worker would run it.
    await runQueuedResetJobs();

    const colleague = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const theirs = await asUser<{ items: OutboxItem[] }>(colleague.cookie, 'GET', '/api/v2/sandbox/outbox');
    expect(theirs.body.items.filter((m) => m.kind === 'password_reset')).toEqual([]);

    const mine = await asUser<{ items: OutboxItem[] }>(user.cookie, 'GET', '/api/v2/sandbox/outbox');
    const link = mine.body.items.find((m) => m.kind === 'password_reset')?.links[0] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token');

    const done = await asUser(null, 'POST', '/api/auth/password-reset/complete', {
      token,
      password: 'the reset password',
    });
    expect(done).toMatchObject({ status: 200, body: { email } });
    // Every session ended, this one included.
    expect((await asUser(user.cookie, 'GET', '/api/v2/sandbox/outbox')).status).toBe(401);
    const reused = await asUser(null, 'POST', '/api/auth/password-reset/complete', {
      token,
      password: 'yet another password',
    });
    expect(reused).toMatchObject({ status: 400, body: { code: 'invalid_reset_token' } });
    expect(await authorize({ email, password: 'the reset password' })).toMatchObject({ id: user.userId });
  });
});

describe('asking for the password again', () => {
  afterEach(() => {
    delete process.env.SIGN_IN_FAILURES_PER_ACCOUNT;
    resetEnvCache();
  });

  it('wrong passwords to change the password or turn off the second factor are throttled like sign-in', async () => {
    // Sign-in's windows are fixed 5-minute slots: hold time still so a slow run cannot cross into a fresh one.
    freezeClock(new Date());
    process.env.SIGN_IN_FAILURES_PER_ACCOUNT = '3';
    resetEnvCache();
    const user = await signIn();
    const email = await emailOf(user.userId);
    await enrol(user.cookie);
    const change = (current: string) =>
      asUser(user.cookie, 'POST', '/api/v2/account/password', {
        current_password: current,
        new_password: 'a new long password',
      });
    const disable = (password: string) =>
      asUser(user.cookie, 'POST', '/api/v2/account/two-factor/disable', { password, code: '123456' });
    expect(await change('guess one')).toMatchObject({ status: 400, body: { code: 'wrong_password' } });
    expect(await disable('guess two')).toMatchObject({ status: 400, body: { code: 'wrong_password' } });
    expect(await change('guess three')).toMatchObject({ status: 400, body: { code: 'wrong_password' } });
    // Past the limit even the right password is refused, here and at sign-in: the guesses were the same kind.
    expect(await change(PASSWORD)).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
    expect(await disable(PASSWORD)).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
    expect(await authorize({ email, password: PASSWORD })).toBeNull();
    expect((await asUser(user.cookie, 'GET', '/api/v2/account/two-factor')).body).toMatchObject({
      enabled: true,
    });
  });
});

describe('two-factor authentication', () => {
  it('once on, sign-in asks for a code and takes a current one or a recovery code, each once', async () => {
    const user = await signIn();
    const email = await emailOf(user.userId);
    const { secret, codes } = await enrol(user.cookie);
    expect(codes).toHaveLength(10);
    expect((await asUser(user.cookie, 'GET', '/api/v2/account/two-factor')).body).toMatchObject({
      enabled: true,
      recovery_codes_remaining: 10,
    });

    await expect(authorize({ email, password: PASSWORD })).rejects.toThrow('two_factor_required');
    await expect(authorize({ email, password: PASSWORD, code: '000000' })).rejects.toThrow(
      'two_factor_invalid',
    );
    expect(await authorize({ email, password: 'wrong password', code: '000000' })).toBeNull();
    advanceClock(30_000);
    const code = codeAt(secret, now());
    expect(await authorize({ email, password: PASSWORD, code })).toMatchObject({ id: user.userId });
    await expect(authorize({ email, password: PASSWORD, code })).rejects.toThrow('two_factor_invalid');
    expect(await authorize({ email, password: PASSWORD, code: codes[0]! })).toMatchObject({
      id: user.userId,
    });
    await expect(authorize({ email, password: PASSWORD, code: codes[0]! })).rejects.toThrow(
      'two_factor_invalid',
    );

    const fresh = await asUser<{ recovery_codes: string[] }>(
      user.cookie,
      'POST',
      '/api/v2/account/two-factor/recovery-codes',
      {
        password: PASSWORD,
      },
    );
    expect(fresh.status).toBe(201);
    await expect(authorize({ email, password: PASSWORD, code: codes[1]! })).rejects.toThrow(
      'two_factor_invalid',
    );

    const withoutCode = await asUser(user.cookie, 'POST', '/api/v2/account/two-factor/disable', {
      password: PASSWORD,
    });
    expect(withoutCode).toMatchObject({ status: 400, body: { code: 'code_required' } });
    advanceClock(30_000);
    const off = await asUser(user.cookie, 'POST', '/api/v2/account/two-factor/disable', {
      password: PASSWORD,
      code: codeAt(secret, now()),
    });
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await authorize({ email, password: PASSWORD })).toMatchObject({ id: user.userId });
  });

  it('a wrong first code leaves it off', async () => {
    const user = await signIn();
    await asUser(user.cookie, 'POST', '/api/v2/account/two-factor/enrolment');
    const wrong = await asUser(user.cookie, 'POST', '/api/v2/account/two-factor', { code: '123456' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
    expect((await asUser(user.cookie, 'GET', '/api/v2/account/two-factor')).body).toMatchObject({
      enabled: false,
    });
  });

  it('an organization that requires it shuts out members without it until they turn it on', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });

    const early = await asUser(admin.cookie, 'PATCH', '/api/v2/organizations/me/security-policy', {
      require_two_factor: true,
    });
    expect(early).toMatchObject({ status: 409, body: { code: 'two_factor_disabled' } });
    expect(
      (
        await asUser(member.cookie, 'PATCH', '/api/v2/organizations/me/security-policy', {
          require_two_factor: false,
        })
      ).status,
    ).toBe(403);

    await enrol(admin.cookie);
    const required = await asUser(admin.cookie, 'PATCH', '/api/v2/organizations/me/security-policy', {
      require_two_factor: true,
    });
    expect(required).toMatchObject({
      status: 200,
      body: { require_two_factor: true, members_without_two_factor: 1 },
    });

    expect((await asUser(member.cookie, 'GET', '/api/v2/organizations/me')).status).toBe(403);
    expect((await asUser(member.cookie, 'GET', '/api/v2/account/two-factor')).body).toMatchObject({
      enabled: false,
      required_by: [expect.any(String)],
    });
    expect((await asUser(admin.cookie, 'GET', '/api/v2/organizations/me')).status).toBe(200);
    // API keys are not people: the policy is about signing in.
    expect((await apiClient(org.credentials).send('GET', '/api/v2/organizations/me')).status).toBe(200);

    await enrol(member.cookie);
    expect((await asUser(member.cookie, 'GET', '/api/v2/organizations/me')).status).toBe(200);
    const cannotDisable = await asUser(member.cookie, 'POST', '/api/v2/account/two-factor/disable', {
      password: PASSWORD,
    });
    expect(cannotDisable).toMatchObject({
      status: 409,
      body: { code: 'two_factor_required_by_organization' },
    });
  });
});

describe('sandbox outbox', () => {
  it('shows admins their organization’s invitations, members only their own mail, API keys nothing', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
    await asUser(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'a@example.com',
      role: 'member',
    });
    await asUser(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'b@example.com',
      role: 'admin',
    });

    const adminView = await asUser<{ items: OutboxItem[] }>(admin.cookie, 'GET', '/api/v2/sandbox/outbox');
    expect(adminView.body.items.map((m) => m.to)).toEqual(['b@example.com', 'a@example.com']);
    expect(adminView.body.items[0]?.links[0]).toMatch(/\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(
      (await asUser<{ items: OutboxItem[] }>(member.cookie, 'GET', '/api/v2/sandbox/outbox')).body.items,
    ).toEqual([]);
    expect((await apiClient(org.credentials).send('GET', '/api/v2/sandbox/outbox')).status).toBe(404);

    const other = await createTestOrganization();
    const otherAdmin = await signIn({ memberships: [{ orgId: other.orgId, role: 'admin' }] });
    expect(
      (await asUser<{ items: OutboxItem[] }>(otherAdmin.cookie, 'GET', '/api/v2/sandbox/outbox')).body.items,
    ).toEqual([]);
  });

  it('an invitation to someone with an account also reaches their own outbox', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const user = await createUser(db(), {
      email: 'has.account@example.com',
      name: 'Has',
      password: PASSWORD,
    });
    const elsewhere = await createTestOrganization();
    await addMembership(db(), { orgId: elsewhere.orgId, userId: user.id, role: 'member' });
    await asUser(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'has.account@example.com',
      role: 'approver',
    });
    const cookie = await sessionCookieFor(user.id);
    const outbox = await asUser<{ items: OutboxItem[] }>(cookie, 'GET', '/api/v2/sandbox/outbox');
    expect(outbox.body.items).toMatchObject([{ kind: 'invitation', to: 'has.account@example.com' }]);
  });
});
