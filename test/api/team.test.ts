// Team management through the real routes: admins only, session only, never without an admin, scoped to the
// caller's organization, and invitations that work once, for their own email, until they expire.
import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS } from '@/lib/identity/server/team/invitations';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { apiClient } from '../api';
import { signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { asUser, emailOf, sessionCookieFor } from '../support/settings';

await useTestDatabase();
afterEach(resetClock);

interface Member {
  user_id: string;
  email: string;
  role: string;
}
interface Invitation {
  id: string;
  email: string;
  role: string;
  status: string;
  accept_url: string | null;
}

async function team() {
  const org = await createTestOrganization({ name: 'Acme Team' });
  const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
  const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
  return { org, admin, member };
}

const tokenOf = (url: string | null) => url?.split('/invitations/')[1] ?? '';

describe('members', () => {
  it('an admin lists the team, changes a role and removes a member; each change is audited', async () => {
    const { admin, member } = await team();
    const list = await asUser<{ items: Member[]; meta: unknown }>(
      admin.cookie,
      'GET',
      '/api/v2/organizations/me/members',
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((m) => [m.user_id, m.role])).toEqual([
      [admin.userId, 'admin'],
      [member.userId, 'member'],
    ]);
    expect(list.body.meta).toEqual({ limit: 50, page: 1, total: 2 });

    const promoted = await asUser(
      admin.cookie,
      'PATCH',
      `/api/v2/organizations/me/members/${member.userId}`,
      {
        role: 'approver',
      },
    );
    expect(promoted).toMatchObject({ status: 200, body: { user_id: member.userId, role: 'approver' } });

    const removed = await asUser(admin.cookie, 'DELETE', `/api/v2/organizations/me/members/${member.userId}`);
    expect(removed.status).toBe(200);
    // The removed member's session no longer acts for the organization.
    expect((await asUser(member.cookie, 'GET', '/api/v2/organizations/me')).status).toBe(403);
  });

  it('the last admin can be neither demoted nor removed; with a second admin, either can', async () => {
    const { admin, member } = await team();
    const demote = await asUser(admin.cookie, 'PATCH', `/api/v2/organizations/me/members/${admin.userId}`, {
      role: 'member',
    });
    expect(demote).toMatchObject({ status: 409, body: { code: 'last_admin' } });
    const remove = await asUser(admin.cookie, 'DELETE', `/api/v2/organizations/me/members/${admin.userId}`);
    expect(remove).toMatchObject({ status: 409, body: { code: 'last_admin' } });

    await asUser(admin.cookie, 'PATCH', `/api/v2/organizations/me/members/${member.userId}`, {
      role: 'admin',
    });
    const stepDown = await asUser(admin.cookie, 'PATCH', `/api/v2/organizations/me/members/${admin.userId}`, {
      role: 'approver',
    });
    expect(stepDown).toMatchObject({ status: 200, body: { role: 'approver' } });
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { org, admin } = await team();
    const second = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const results = await Promise.all([
      asUser(admin.cookie, 'PATCH', `/api/v2/organizations/me/members/${second.userId}`, { role: 'member' }),
      asUser(second.cookie, 'PATCH', `/api/v2/organizations/me/members/${admin.userId}`, { role: 'member' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses non-admins (403), API keys (404) and members of another organization (404)', async () => {
    const { org, admin, member } = await team();
    const approver = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    for (const cookie of [member.cookie, approver.cookie]) {
      expect((await asUser(cookie, 'GET', '/api/v2/organizations/me/members')).status).toBe(403);
      expect(
        (
          await asUser(cookie, 'PATCH', `/api/v2/organizations/me/members/${admin.userId}`, {
            role: 'member',
          })
        ).status,
      ).toBe(403);
    }
    const byKey = await apiClient(org.credentials).send('GET', '/api/v2/organizations/me/members');
    expect(byKey.status).toBe(404);

    const other = await team();
    const crossRole = await asUser(
      admin.cookie,
      'PATCH',
      `/api/v2/organizations/me/members/${other.member.userId}`,
      {
        role: 'admin',
      },
    );
    expect(crossRole.status).toBe(404);
    expect(
      (await asUser(admin.cookie, 'DELETE', `/api/v2/organizations/me/members/${other.admin.userId}`)).status,
    ).toBe(404);
    expect((await asUser(admin.cookie, 'DELETE', '/api/v2/organizations/me/members/not-a-uuid')).status).toBe(
      404,
    );
  });
});

describe('invitations', () => {
  it('an invited new person signs up with a password and joins with the invited role', async () => {
    const { admin } = await team();
    const created = await asUser<Invitation>(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'New.Person@Example.com',
      role: 'approver',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { email: 'new.person@example.com', role: 'approver', status: 'pending' },
    });
    expect(created.body.accept_url).toMatch(/^http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.body.accept_url);

    const preview = await asUser(null, 'GET', `/api/auth/invitations/${token}`);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        organization_name: 'Acme Team',
        email: 'new.person@example.com',
        role: 'approver',
        account_exists: false,
      },
    });
    const weak = await asUser(null, 'POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'New',
      password: 'short',
    });
    expect(weak.status).toBe(422);
    const joined = await asUser(null, 'POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'New Person',
      password: 'a good long password',
    });
    expect(joined).toMatchObject({
      status: 201,
      body: { email: 'new.person@example.com', role: 'approver' },
    });

    const again = await asUser(null, 'POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'Someone',
      password: 'another long password',
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'invitation_used' } });

    const members = await asUser<{ items: Member[] }>(
      admin.cookie,
      'GET',
      '/api/v2/organizations/me/members',
    );
    expect(members.body.items.find((m) => m.email === 'new.person@example.com')?.role).toBe('approver');
    const invitations = await asUser<{ items: Invitation[] }>(
      admin.cookie,
      'GET',
      '/api/v2/organizations/me/invitations',
    );
    expect(invitations.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(JSON.stringify(invitations.body)).not.toContain(token);
  });

  it('a signed-in user accepts an invitation to their own email and acts in that organization next', async () => {
    const { admin } = await team();
    const elsewhere = await createTestOrganization({ name: 'Elsewhere' });
    const person = await signIn({ memberships: [{ orgId: elsewhere.orgId, role: 'admin' }] });
    const email = await emailOf(person.userId);

    const invitation = await asUser<Invitation>(
      admin.cookie,
      'POST',
      '/api/v2/organizations/me/invitations',
      {
        email,
        role: 'member',
      },
    );
    const token = tokenOf(invitation.body.accept_url);
    expect((await asUser(null, 'GET', `/api/auth/invitations/${token}`)).body).toMatchObject({
      account_exists: true,
    });
    // An account exists: signing up again is refused (an invitation never sets someone's password).
    const signUp = await asUser(null, 'POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'Imposter',
      password: 'a good long password',
    });
    expect(signUp).toMatchObject({ status: 409, body: { code: 'account_exists' } });

    const outsider = await signIn();
    const wrongPerson = await asUser(outsider.cookie, 'POST', `/api/v2/invitations/${token}/accept`);
    expect(wrongPerson).toMatchObject({ status: 403, body: { code: 'invitation_email_mismatch' } });

    const accepted = await asUser(person.cookie, 'POST', `/api/v2/invitations/${token}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { organization_name: 'Acme Team', role: 'member' } });
    const now = await asUser(person.cookie, 'GET', '/api/v2/organizations/me');
    expect(now.body).toMatchObject({ name: 'Acme Team' });
    expect((await asUser(person.cookie, 'POST', `/api/v2/invitations/${token}/accept`)).status).toBe(409);
  });

  it('withdrawn, replaced and expired invitations stop working; unknown tokens are 404', async () => {
    const { admin } = await team();
    const first = await asUser<Invitation>(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'twice@example.com',
      role: 'member',
    });
    const second = await asUser<Invitation>(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'twice@example.com',
      role: 'admin',
    });
    expect(
      (await asUser(null, 'GET', `/api/auth/invitations/${tokenOf(first.body.accept_url)}`)).body,
    ).toMatchObject({
      code: 'invitation_revoked',
    });
    const withdrawn = await asUser(
      admin.cookie,
      'DELETE',
      `/api/v2/organizations/me/invitations/${second.body.id}`,
    );
    expect(withdrawn).toMatchObject({ status: 200, body: { status: 'revoked' } });
    expect(
      (await asUser(admin.cookie, 'DELETE', `/api/v2/organizations/me/invitations/${second.body.id}`)).status,
    ).toBe(200);
    const useWithdrawn = await asUser(
      null,
      'POST',
      `/api/auth/invitations/${tokenOf(second.body.accept_url)}/sign-up`,
      {
        name: 'Late',
        password: 'a good long password',
      },
    );
    expect(useWithdrawn).toMatchObject({ status: 409, body: { code: 'invitation_revoked' } });

    const third = await asUser<Invitation>(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: 'slow@example.com',
      role: 'member',
    });
    advanceClock(INVITATION_TTL_DAYS * 86_400_000 + 1000);
    const expired = await asUser(
      null,
      'POST',
      `/api/auth/invitations/${tokenOf(third.body.accept_url)}/sign-up`,
      {
        name: 'Slow',
        password: 'a good long password',
      },
    );
    expect(expired).toMatchObject({ status: 409, body: { code: 'invitation_expired' } });
    // A week later the admin's session has long ended (sessions last 12 hours): they sign in again.
    const later = await sessionCookieFor(admin.userId);
    const pending = await asUser<{ items: Invitation[] }>(
      later,
      'GET',
      '/api/v2/organizations/me/invitations?status=pending',
    );
    expect(pending.body.items).toEqual([]);

    const unknown = 'A'.repeat(43);
    expect((await asUser(null, 'GET', `/api/auth/invitations/${unknown}`)).status).toBe(404);
    expect((await asUser(null, 'GET', '/api/auth/invitations/short')).status).toBe(404);
  });

  it('refuses inviting an existing member, non-admins, API keys, and another organization’s invitation', async () => {
    const { org, admin, member } = await team();
    const existing = await asUser(admin.cookie, 'POST', '/api/v2/organizations/me/invitations', {
      email: await emailOf(member.userId),
      role: 'admin',
    });
    expect(existing).toMatchObject({ status: 400, body: { code: 'already_member' } });
    expect(
      (
        await asUser(member.cookie, 'POST', '/api/v2/organizations/me/invitations', {
          email: 'x@example.com',
          role: 'admin',
        })
      ).status,
    ).toBe(403);
    const byKey = await apiClient(org.credentials).send('POST', '/api/v2/organizations/me/invitations', {
      rawBody: JSON.stringify({ email: 'x@example.com', role: 'admin' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(byKey.status).toBe(404);

    const other = await team();
    const theirs = await asUser<Invitation>(
      other.admin.cookie,
      'POST',
      '/api/v2/organizations/me/invitations',
      {
        email: 'theirs@example.com',
        role: 'member',
      },
    );
    expect(
      (await asUser(admin.cookie, 'DELETE', `/api/v2/organizations/me/invitations/${theirs.body.id}`)).status,
    ).toBe(404);
  });
});
