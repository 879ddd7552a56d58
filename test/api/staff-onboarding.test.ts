// Staff and client onboarding as a provider lives it on day one: the command line invites the first support lead
// (printing nothing secret), her emailed link sets her password, she invites colleagues with their roles, manages
// them (audited, the last lead protected), and opens a client organization whose invited admin signs up into it.
// The CLI runs as a child process against this file's database, in production mode where it says so.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { events } from '@/db/schema/platform/events';
import { verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { sendByKey } from '../api';
import { signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { asUser, sessionCookieFor } from '../support/settings';

await useTestDatabase();

const repo = process.cwd();
/** Each CLI run starts tsx and the app's modules (seconds on two shared cores): the tests that run it wait longer. */
const CLI_TEST = { timeout: 180_000 };

/** Runs `npm run cli -- …` as an operator would, against this file's database. */
function cli(
  args: string[],
  env: Record<string, string> = {},
  script = 'cli.ts',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', path.join(repo, 'tsconfig.json'), path.join(repo, 'scripts', script), ...args],
      { env: { ...process.env, ...env }, cwd: repo, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Production mode, as the provider's shell has it (an https base URL; the database is DATABASE_URL). */
const PRODUCTION = { APP_ENV: 'production', APP_BASE_URL: 'https://payouts.provider.example' };

/** The newest email to `to` and the links it carries. */
async function lastEmailTo(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt));
  if (!row?.textBody) throw new Error(`no email to ${to} (or its body was purged)`);
  return { subject: row.subject, text: row.textBody, links: row.textBody.match(/https?:\/\/\S+/g) ?? [] };
}

/** Follows a set-password link as its holder would: chooses a password, then signs in (a fresh session cookie). */
async function setPasswordFromEmail(email: string, password: string): Promise<string> {
  const [link] = (await lastEmailTo(email)).links;
  const token = new URL(link!).searchParams.get('token');
  const done = await asUser(null, 'POST', '/api/auth/password-reset/complete', { token, password });
  expect(done).toMatchObject({ status: 200, body: { email } });
  const signedIn = await verifyCredentials(db(), email, password);
  expect(signedIn).not.toBeNull();
  return sessionCookieFor(signedIn!.id);
}

const PASSWORD = 'a long enough staff password';
let lead: { cookie: string; userId: string } | undefined;

/** The lead the command line created in the first test (created here when that test did not run first). */
async function theLead(): Promise<{ cookie: string; userId: string }> {
  if (!lead) {
    const signed = await signIn({ staffRole: 'support_lead' });
    lead = { cookie: signed.cookie, userId: signed.userId };
  }
  return lead;
}

interface StaffMember {
  id: string;
  email: string;
  staff_role: string;
  staff_roles: string[];
  status: string;
}

describe('the first support lead from the command line', () => {
  it(
    'invites her in production mode without printing a secret; her link sets a password; a second run refuses',
    CLI_TEST,
    async () => {
      const email = 'lea.lead@provider.example';
      const run = await cli(['staff', 'create-lead', '--email', email, '--name', 'Lea Lead'], PRODUCTION);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Invited Lea Lead <${email}> as support lead`);

      const mail = await lastEmailTo(email);
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(
        /^https:\/\/payouts\.provider\.example\/reset-password\?token=[\w-]{43}&welcome=1$/,
      );
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      // Nothing secret on the terminal: neither the link nor its token.
      expect(run.stdout).not.toContain(token);
      expect(run.stdout).not.toMatch(/https?:\/\//);

      const [created] = await db().select().from(users).where(eq(users.email, email));
      expect(created).toMatchObject({ staffRole: 'support_lead', staffRoles: ['support_lead'] });
      // No password works before she chooses one.
      expect(await verifyCredentials(db(), email, '!no-password-yet')).toBeNull();

      const cookie = await setPasswordFromEmail(email, PASSWORD);
      const me = await asUser(cookie, 'GET', '/api/v2/support/me');
      expect(me).toMatchObject({
        status: 200,
        body: { email, staff_role: 'support_lead', staff_roles: ['support_lead'] },
      });
      lead = { cookie, userId: created!.id };

      const another = await cli(
        ['staff', 'create-lead', '--email', 'second@provider.example', '--name', 'Second'],
        PRODUCTION,
      );
      expect(another.code).toBe(1);
      expect(another.stderr).toMatch(/^error: a support lead already exists \(1\).*--another/);
      const same = await cli(['staff', 'create-lead', '--email', email, '--name', 'Lea Lead'], PRODUCTION);
      expect(same.code).toBe(1);
      expect(same.stderr).toContain(`${email} is already an active support lead: nothing changed`);
      expect(
        await db()
          .select()
          .from(users)
          .where(inArray(users.email, ['second@provider.example'])),
      ).toEqual([]);
      const invited = await db().select().from(events).where(eq(events.type, 'staff.invited'));
      expect(invited.map((event) => [event.actorType, event.subjectId, event.data])).toEqual([
        [
          'system',
          created!.id,
          expect.objectContaining({ email, roles: ['support_lead'], source: 'cli', resent: false }),
        ],
      ]);
      // Her own link is used up: it sets no second password.
      const reused = await asUser(null, 'POST', '/api/auth/password-reset/complete', {
        token,
        password: 'somebody else entirely',
      });
      expect(reused).toMatchObject({ status: 400, body: { code: 'invalid_reset_token' } });
    },
  );

  it(
    'resends the link of a lead who has not chosen a password, and refuses bad arguments as usage errors',
    CLI_TEST,
    async () => {
      const email = 'pending.lead@provider.example';
      const first = await cli(['staff', 'create-lead', '--email', email, '--name', 'Pending', '--another']);
      expect(first.code).toBe(0);
      const firstLink = (await lastEmailTo(email)).links[0]!;
      const again = await cli(['staff', 'create-lead', '--email', email, '--name', 'Pending']);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(`Sent a new set-password link to Pending <${email}>`);
      expect((await db().select().from(users).where(eq(users.email, email))).length).toBe(1);
      // The older link stopped working.
      const old = await asUser(null, 'POST', '/api/auth/password-reset/complete', {
        token: new URL(firstLink).searchParams.get('token'),
        password: PASSWORD,
      });
      expect(old).toMatchObject({ status: 400, body: { code: 'invalid_reset_token' } });

      const badEmail = await cli(['staff', 'create-lead', '--email', 'not-an-email', '--name', 'X']);
      expect(badEmail).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--email must be an email address'),
      });
    },
  );
});

describe('staff invited by a lead', () => {
  it('operations and treasury colleagues accept and hold exactly their roles; a non-lead is refused', async () => {
    const { cookie } = await theLead();
    const ops = await asUser<StaffMember>(cookie, 'POST', '/api/v2/support/staff', {
      email: 'Otto.Ops@provider.example',
      name: 'Otto Ops',
      roles: ['operations'],
    });
    expect(ops).toMatchObject({
      status: 201,
      body: {
        email: 'otto.ops@provider.example',
        staff_role: 'operations',
        staff_roles: ['operations'],
        status: 'invited',
      },
    });
    const treasury = await asUser<StaffMember>(cookie, 'POST', '/api/v2/support/staff', {
      email: 'tess@provider.example',
      name: 'Tess Treasury',
      roles: ['treasury', 'support'],
    });
    expect(treasury.status).toBe(201);
    const mail = await lastEmailTo('tess@provider.example');
    expect(mail.text).toContain('as treasury, support');
    expect(JSON.stringify(treasury.body)).not.toContain('reset-password');

    const opsCookie = await setPasswordFromEmail('otto.ops@provider.example', PASSWORD);
    const tessCookie = await setPasswordFromEmail('tess@provider.example', PASSWORD);
    expect((await asUser(opsCookie, 'GET', '/api/v2/support/me')).body).toMatchObject({
      staff_role: 'operations',
      staff_roles: ['operations'],
    });
    expect((await asUser(tessCookie, 'GET', '/api/v2/support/me')).body).toMatchObject({
      staff_role: 'treasury',
      staff_roles: ['treasury', 'support'],
    });

    const list = await asUser<{ items: StaffMember[] }>(cookie, 'GET', '/api/v2/support/staff?limit=100');
    expect(list.status).toBe(200);
    const byEmail = new Map(list.body.items.map((item) => [item.email, item]));
    expect(byEmail.get('otto.ops@provider.example')?.status).toBe('active');
    expect(byEmail.get('tess@provider.example')?.status).toBe('active');

    // Not a lead: support, operations and treasury staff are refused; client users and keys do not see it at all.
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const colleague = byEmail.get('otto.ops@provider.example')!;
    const attempts: [string, string, unknown][] = [
      ['GET', '/api/v2/support/staff', undefined],
      ['POST', '/api/v2/support/staff', { email: 'x@provider.example', name: 'X', roles: ['support'] }],
      ['PUT', `/api/v2/support/staff/${colleague.id}/roles`, { roles: ['support'] }],
      ['POST', `/api/v2/support/staff/${colleague.id}/disable`, undefined],
      [
        'POST',
        '/api/v2/support/organizations',
        { name: 'X', entitlements: ['payouts'], admin_email: 'a@x.example' },
      ],
    ];
    for (const [method, url, body] of attempts) {
      for (const refused of [opsCookie, tessCookie]) {
        expect((await asUser(refused, method, url, body)).status, `${method} ${url}`).toBe(403);
      }
      expect((await asUser(admin.cookie, method, url, body)).status, `${method} ${url}`).toBe(404);
      expect((await sendByKey(org.credentials, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect(await db().select().from(users).where(eq(users.email, 'x@provider.example'))).toEqual([]);
  });

  it('refuses bad invitations clearly and stores nothing', async () => {
    const { cookie } = await theLead();
    const before = await db().select({ id: users.id }).from(users);
    const noRole = await asUser(cookie, 'POST', '/api/v2/support/staff', {
      email: 'nobody@provider.example',
      name: 'Nobody',
      roles: [],
    });
    expect(noRole.status).toBe(422);
    expect(JSON.stringify(noRole.body)).toContain('roles: give at least one role');
    const badRole = await asUser(cookie, 'POST', '/api/v2/support/staff', {
      email: 'nobody@provider.example',
      name: 'Nobody',
      roles: ['admin'],
    });
    expect(badRole.status).toBe(422);
    const badEmail = await asUser(cookie, 'POST', '/api/v2/support/staff', {
      email: 'nobody',
      name: 'Nobody',
      roles: ['support'],
    });
    expect(JSON.stringify(badEmail.body)).toContain('email: must be an email address');
    // A client user's email is theirs: staff accounts are separate.
    const org = await createTestOrganization();
    const client = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const [clientUser] = await db().select().from(users).where(eq(users.id, client.userId));
    const taken = await asUser(cookie, 'POST', '/api/v2/support/staff', {
      email: clientUser!.email,
      name: 'Client',
      roles: ['support'],
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'staff_email_taken' } });
    const [unchanged] = await db().select().from(users).where(eq(users.id, client.userId));
    expect(unchanged).toMatchObject({
      staffRole: null,
      staffRoles: [],
      passwordHash: clientUser!.passwordHash,
    });
    expect((await db().select({ id: users.id }).from(users)).length).toBe(before.length + 1);
  });

  it('role changes and disabling are audited; the last lead and oneself are protected', async () => {
    const { cookie, userId } = await theLead();
    const invited = await asUser<StaffMember>(cookie, 'POST', '/api/v2/support/staff', {
      email: 'sam@provider.example',
      name: 'Sam Support',
      roles: ['support'],
    });
    const sam = invited.body;
    const samCookie = await setPasswordFromEmail(sam.email, PASSWORD);

    const promoted = await asUser<StaffMember>(cookie, 'PUT', `/api/v2/support/staff/${sam.id}/roles`, {
      roles: ['support_lead', 'operations'],
    });
    expect(promoted).toMatchObject({
      status: 200,
      body: { staff_role: 'support_lead', staff_roles: ['support_lead', 'operations'] },
    });
    expect((await asUser(samCookie, 'GET', '/api/v2/support/me')).body).toMatchObject({
      staff_roles: ['support_lead', 'operations'],
    });
    const [changed] = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'staff.roles_changed'), eq(events.subjectId, sam.id)));
    expect(changed).toMatchObject({
      actorType: 'staff',
      actorId: userId,
      data: { email: sam.email, previous_roles: ['support'], roles: ['support_lead', 'operations'] },
    });

    const self = await asUser(cookie, 'POST', `/api/v2/support/staff/${userId}/disable`);
    expect(self).toMatchObject({ status: 409, body: { code: 'cannot_disable_self' } });
    const disabled = await asUser<StaffMember>(cookie, 'POST', `/api/v2/support/staff/${sam.id}/disable`);
    expect(disabled).toMatchObject({ status: 200, body: { status: 'disabled' } });
    expect((await asUser(samCookie, 'GET', '/api/v2/support/me')).status).toBe(401);
    expect(await verifyCredentials(db(), sam.email, PASSWORD)).toBeNull();
    const [disabledEvent] = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'staff.disabled'), eq(events.subjectId, sam.id)));
    expect(disabledEvent).toMatchObject({ actorType: 'staff', actorId: userId, data: { sessions_ended: 1 } });
    const again = await asUser(cookie, 'PUT', `/api/v2/support/staff/${sam.id}/roles`, {
      roles: ['support'],
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'staff_disabled' } });

    // Every other lead disabled or demoted: the one left cannot stop being a lead.
    const leads = (
      await asUser<{ items: StaffMember[] }>(cookie, 'GET', '/api/v2/support/staff?limit=100')
    ).body.items.filter(
      (member) =>
        member.staff_roles.includes('support_lead') && member.status !== 'disabled' && member.id !== userId,
    );
    for (const other of leads) {
      expect((await asUser(cookie, 'POST', `/api/v2/support/staff/${other.id}/disable`)).status).toBe(200);
    }
    const demote = await asUser(cookie, 'PUT', `/api/v2/support/staff/${userId}/roles`, {
      roles: ['support'],
    });
    expect(demote).toMatchObject({ status: 409, body: { code: 'last_staff_lead' } });
    expect((await asUser(cookie, 'GET', '/api/v2/support/me')).body).toMatchObject({
      staff_role: 'support_lead',
    });
    const unknown = await asUser(cookie, 'PUT', `/api/v2/support/staff/${crypto.randomUUID()}/roles`, {
      roles: ['support'],
    });
    expect(unknown.status).toBe(404);
  });
});

describe('a client organization opened by a lead', () => {
  it('is created with its products and margin; its invited admin signs up into an empty portal of it alone', async () => {
    const { cookie, userId } = await theLead();
    const other = await createTestOrganization();
    const opened = await asUser<{ id: string; admin_invitation: { email: string } }>(
      cookie,
      'POST',
      '/api/v2/support/organizations',
      {
        name: 'Nordwind Trading GmbH',
        country: 'DE',
        entitlements: ['payouts'],
        margin_bps: '45',
        admin_email: 'Ada@Nordwind.example',
      },
    );
    expect(opened).toMatchObject({
      status: 201,
      body: {
        name: 'Nordwind Trading GmbH',
        entitlements: ['payouts'],
        margin_bps: '45',
        admin_invitation: { email: 'ada@nordwind.example' },
      },
    });
    const orgId = opened.body.id;
    const directory = await asUser<{ items: { id: string; entitlements: string[] }[] }>(
      cookie,
      'GET',
      '/api/v2/support/organizations?q=Nordwind',
    );
    expect(directory.body.items).toEqual([expect.objectContaining({ id: orgId, entitlements: ['payouts'] })]);
    const audited = await db().select().from(events).where(eq(events.orgId, orgId));
    expect(audited.map((event) => [event.type, event.actorType, event.actorId])).toEqual(
      expect.arrayContaining([
        ['organization.created', 'staff', userId],
        ['invitation.created', 'staff', userId],
      ]),
    );

    const mail = await lastEmailTo('ada@nordwind.example');
    expect(mail.subject).toContain('Nordwind Trading GmbH');
    const token = mail.links[0]!.split('/invitations/')[1]!;
    const joined = await asUser(null, 'POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'Ada Admin',
      password: PASSWORD,
    });
    expect(joined).toMatchObject({ status: 201, body: { org_id: orgId, role: 'admin' } });
    const signedIn = await verifyCredentials(db(), 'ada@nordwind.example', PASSWORD);
    const adminCookie = await sessionCookieFor(signedIn!.id);
    const me = await asUser(adminCookie, 'GET', '/api/v2/organizations/me');
    expect(me).toMatchObject({ status: 200, body: { id: orgId, name: 'Nordwind Trading GmbH' } });
    const batches = await asUser<{ items: unknown[] }>(adminCookie, 'GET', '/api/v2/payouts');
    expect(batches).toMatchObject({ status: 200, body: { items: [] } });
    const senders = await asUser<{ items: unknown[] }>(adminCookie, 'GET', '/api/v2/senders');
    expect(senders).toMatchObject({ status: 200, body: { items: [] } });
    // Isolation: she acts for her organization only, and the directory is not hers to read.
    expect(
      (await asUser(adminCookie, 'PUT', '/api/v2/session/organization', { org_id: other.orgId })).status,
    ).not.toBe(200);
    expect((await asUser(adminCookie, 'GET', '/api/v2/support/organizations')).status).toBe(404);
  });

  it('refuses bad input clearly and stores nothing', async () => {
    const { cookie } = await theLead();
    const count = async () => (await db().select({ id: organizations.id }).from(organizations)).length;
    const before = await count();
    const noProducts = await asUser(cookie, 'POST', '/api/v2/support/organizations', {
      name: 'Empty Ltd',
      entitlements: [],
      admin_email: 'a@empty.example',
    });
    expect(noProducts.status).toBe(422);
    expect(JSON.stringify(noProducts.body)).toContain('entitlements: give at least one product');
    const badMargin = await asUser(cookie, 'POST', '/api/v2/support/organizations', {
      name: 'Margin Ltd',
      entitlements: ['payouts'],
      margin_bps: '10000',
      admin_email: 'a@margin.example',
    });
    expect(badMargin.status).toBe(422);
    expect(JSON.stringify(badMargin.body)).toContain('margin_bps');
    const badEmail = await asUser(cookie, 'POST', '/api/v2/support/organizations', {
      name: 'Mail Ltd',
      entitlements: ['payouts'],
      admin_email: 'nope',
    });
    expect(badEmail.status).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('no demo data in production', () => {
  it('the seed and sandbox bootstrap refuse with a clear message and store nothing', CLI_TEST, async () => {
    const count = async () => (await db().select({ id: organizations.id }).from(organizations)).length;
    const before = await count();
    const bootstrap = await cli(['sandbox', 'bootstrap'], PRODUCTION);
    expect(bootstrap).toMatchObject({
      code: 1,
      stderr: 'error: sandbox bootstrap is only available when APP_ENV=sandbox\n',
    });
    const seed = await cli([], PRODUCTION, 'seed.ts');
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain(
      'refusing to seed demo data: APP_ENV is production; the demo seed is for sandbox mode only',
    );
    expect(await count()).toBe(before);
  });
});
