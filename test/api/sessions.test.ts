// Browser-session access to /api/v2 through the real handlers: the session row decides, same-origin writes,
// no cookie fallback when API credentials are sent, and read-only support views.
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { memberships } from '@/db/schema/identity/users';
import { impersonationSessions } from '@/db/schema/support';
import { authOptions } from '@/lib/identity/server/auth/next-auth-options';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import {
  createUserSession,
  revokeUserSession,
  switchActiveOrganization,
  verifyCredentials,
} from '@/lib/identity/server/auth/user-sessions';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { resetEnvCache } from '@/lib/platform/env';
import { routeFetch, TEST_BASE_URL } from '../api';
import { TEST_AUTH_SECRET, useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

let userCounter = 0;

async function signIn(
  options: { orgId?: string; role?: 'member' | 'approver' | 'admin'; staff?: boolean } = {},
) {
  userCounter += 1;
  const email = `person${userCounter}@example.com`;
  const user = await createUser(db(), {
    email,
    name: `Person ${userCounter}`,
    password: 'correct horse battery staple',
    staffRole: options.staff ? 'support' : undefined,
  });
  if (options.orgId)
    await addMembership(db(), { orgId: options.orgId, userId: user.id, role: options.role ?? 'member' });
  const verified = await verifyCredentials(db(), email, 'correct horse battery staple');
  const sessionId = await createUserSession(db(), verified!);
  const token = await encode({ token: { sid: sessionId, uid: user.id, email }, secret: TEST_AUTH_SECRET });
  return { userId: user.id, sessionId, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

function browser(
  cookie: string,
  method = 'GET',
  path = '/api/v2/funding/balance',
  extra: Record<string, string> = {},
  body?: string,
) {
  return routeFetch(`${TEST_BASE_URL}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
    body,
  });
}

describe('browser sessions', () => {
  it('a signed-in member reads their organization; the rate limit is per user', async () => {
    const org = await createTestOrganization({ name: 'Session Org' });
    const session = await signIn({ orgId: org.orgId });
    const response = await browser(session.cookie, 'GET', '/api/v2/organizations/me');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: org.orgId, name: 'Session Org' });
    expect(response.headers.get('x-ratelimit-limit')).toBe('300');
  });

  it('wrong passwords and unknown emails are both simply refused', async () => {
    await createUser(db(), { email: 'Someone@Example.com', name: 'S', password: 'right password' });
    expect(await verifyCredentials(db(), 'someone@example.com', 'wrong password')).toBeNull();
    expect(await verifyCredentials(db(), 'nobody@example.com', 'right password')).toBeNull();
    expect(await verifyCredentials(db(), 'SOMEONE@example.com', 'right password')).toMatchObject({
      email: 'someone@example.com',
    });
  });

  it("same-origin means APP_BASE_URL's origin, not whatever the Host header says", async () => {
    const org = await createTestOrganization();
    const session = await signIn({ orgId: org.orgId, role: 'approver' });
    const spoofed = await browser(
      session.cookie,
      'POST',
      '/api/v2/sandbox/deposits',
      { origin: 'http://evil.example', host: 'evil.example' },
      JSON.stringify({ amount: '10' }),
    );
    expect(spoofed.status).toBe(403);
  });

  it('over https the session cookie is __Host- prefixed and only that name is read', async () => {
    const org = await createTestOrganization();
    const session = await signIn({ orgId: org.orgId });
    const token = session.cookie.slice(session.cookie.indexOf('=') + 1);
    process.env.APP_BASE_URL = 'https://payouts.example.com';
    resetEnvCache();
    try {
      const cookie = authOptions().cookies?.sessionToken;
      expect(cookie?.name).toBe('__Host-payout.session-token');
      expect(cookie?.options).toMatchObject({ secure: true, path: '/' });
      expect(cookie?.options).not.toHaveProperty('domain');
      expect((await browser(`__Host-payout.session-token=${token}`)).status).toBe(200);
      expect((await browser(`payout.session-token=${token}`)).status).toBe(401);
    } finally {
      delete process.env.APP_BASE_URL;
      resetEnvCache();
    }
  });

  it('state-changing requests must be same-origin', async () => {
    const org = await createTestOrganization();
    const session = await signIn({ orgId: org.orgId, role: 'approver' });
    const body = JSON.stringify({ amount: '10' });
    const crossSite = await browser(
      session.cookie,
      'POST',
      '/api/v2/sandbox/deposits',
      { origin: 'https://evil.example' },
      body,
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'Cross-origin requests are not allowed',
    });
    const noOrigin = await browser(session.cookie, 'POST', '/api/v2/sandbox/deposits', {}, body);
    expect(noOrigin.status).toBe(403);
    const sameOrigin = await browser(
      session.cookie,
      'POST',
      '/api/v2/sandbox/deposits',
      { origin: TEST_BASE_URL },
      body,
    );
    expect(sameOrigin.status).toBe(201);
  });

  it('sign-out and role changes take effect on the next request', async () => {
    const org = await createTestOrganization();
    const session = await signIn({ orgId: org.orgId, role: 'approver' });
    const deposit = () =>
      browser(
        session.cookie,
        'POST',
        '/api/v2/sandbox/deposits',
        { origin: TEST_BASE_URL },
        JSON.stringify({ amount: '1' }),
      );
    expect((await deposit()).status).toBe(201);
    await db().update(memberships).set({ role: 'member' }).where(eq(memberships.userId, session.userId));
    expect((await deposit()).status).toBe(403);
    await revokeUserSession(db(), session.sessionId);
    expect((await browser(session.cookie)).status).toBe(401);
  });

  it('API credentials, when present, are the only ones that count: a bad token never falls back to the cookie', async () => {
    const org = await createTestOrganization();
    const session = await signIn({ orgId: org.orgId });
    const response = await browser(session.cookie, 'GET', '/api/v2/funding/balance', {
      'x-api-key': 'sk_sandbox_nope',
    });
    expect(response.status).toBe(401);
  });

  it('a forged or foreign cookie is 401', async () => {
    const forged = await encode({
      token: { sid: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' },
      secret: TEST_AUTH_SECRET,
    });
    expect((await browser(`${SESSION_COOKIE_NAME}=${forged}`)).status).toBe(401);
    const otherSecret = await encode({
      token: { sid: 'x' },
      secret: Buffer.alloc(32, 'z').toString('base64'),
    });
    expect((await browser(`${SESSION_COOKIE_NAME}=${otherSecret}`)).status).toBe(401);
  });

  it('a support user viewing an organization reads it as its admin and cannot change anything', async () => {
    const org = await createTestOrganization({ name: 'Viewed Org' });
    const staff = await signIn({ staff: true });
    // Staff belong to no organization: outside a view there is nothing to act on.
    expect((await browser(staff.cookie)).status).toBe(403);

    await db()
      .insert(impersonationSessions)
      .values({
        staffUserId: staff.userId,
        userSessionId: staff.sessionId,
        orgId: org.orgId,
        reason: 'TICKET-42',
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
    const read = await browser(staff.cookie, 'GET', '/api/v2/organizations/me');
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: org.orgId, name: 'Viewed Org' });
    const write = await browser(
      staff.cookie,
      'POST',
      '/api/v2/sandbox/deposits',
      { origin: TEST_BASE_URL },
      JSON.stringify({ amount: '1' }),
    );
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'This is a read-only support view: changes are not allowed',
    });

    await db()
      .update(impersonationSessions)
      .set({ endedAt: new Date() })
      .where(eq(impersonationSessions.userSessionId, staff.sessionId));
    expect((await browser(staff.cookie)).status).toBe(403);
  });

  it('a user in two organizations acts in the one the session has selected, and can switch only to their own', async () => {
    const first = await createTestOrganization({ name: 'First Co' });
    const second = await createTestOrganization({ name: 'Second Co' });
    const stranger = await createTestOrganization({ name: 'Not Yours Ltd' });
    const session = await signIn({ orgId: first.orgId });
    await addMembership(db(), { orgId: second.orgId, userId: session.userId, role: 'approver' });

    const me = async () =>
      (await (await browser(session.cookie, 'GET', '/api/v2/organizations/me')).json()) as { name: string };
    expect((await me()).name).toBe('First Co');
    await switchActiveOrganization(db(), session.sessionId, second.orgId);
    expect((await me()).name).toBe('Second Co');
    await expect(switchActiveOrganization(db(), session.sessionId, stranger.orgId)).rejects.toThrow(
      'Organization not found',
    );
    expect((await me()).name).toBe('Second Co');
  });
});
