// Notifications through the real services and routes: each kind reaches exactly the people it concerns, once per
// channel, in the event's transaction; a kind a person switched off reaches them no more (security always does); the
// bell's API shows each person only their own rows in the organization they act in.
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { notifications } from '@/db/schema/notifications';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { codeAt } from '@/lib/identity/server/account/totp';
import { now } from '@/lib/platform/clock';
import { giveUp } from '@/lib/platform/webhook-delivery/deliver';
import { setResolverForTests } from '@/lib/platform/webhook-delivery/safe-request';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createWebhookEndpoint } from '../fixtures';
import { callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();

interface Notification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  read_at: string | null;
}
interface Page {
  items: Notification[];
  meta: { total: number; has_more: boolean };
}

const bell = async (person: SignedIn, query = '') =>
  (await sessionCall<Page>(person, 'GET', `/api/v2/notifications${query}`)).body;
const kindsOf = async (person: SignedIn) => (await bell(person)).items.map((item) => item.kind).sort();

/** Every row written for a person, both channels, as [kind, channel]. */
async function rowsOf(person: SignedIn): Promise<string[]> {
  const rows = await db()
    .select({ kind: notifications.kind, channel: notifications.channel })
    .from(notifications)
    .where(eq(notifications.userId, person.userId));
  return rows.map((row) => `${row.kind}/${row.channel}`).sort();
}
async function mailOf(person: SignedIn): Promise<{ kind: string; subject: string; text: string | null }[]> {
  return db()
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.userId, person.userId));
}

/** A payout organization with a maker (member), another member, an approver and an admin, all signed in. */
async function team(balance: string | null = '20000') {
  const org = await createPayoutOrg(balance ? { balance } : {});
  const as = (role: 'member' | 'approver' | 'admin') => signIn({ memberships: [{ orgId: org.orgId, role }] });
  return {
    org,
    maker: await as('member'),
    other: await as('member'),
    approver: await as('approver'),
    admin: await as('admin'),
  };
}

/** The maker builds the batch in the portal; the organization's key confirms it; the sandbox runs it to the end. */
async function runBatch(org: PayoutOrg, maker: SignedIn, amounts: string[]): Promise<string> {
  const created = await sessionCall<{ batch: { id: string } }>(maker, 'POST', '/api/v2/payouts', {
    client_reference: 'MAY-SUPPLIERS',
    orders: amounts.map((amount) => orderItem(org, amount)),
  });
  expect(created.status).toBe(201);
  const id = created.body.batch.id;
  expect((await callJson(org.client, 'POST', `/api/v2/payouts/${id}/confirm`)).status).toBe(200);
  for (let step = 0; step < 3; step += 1)
    await callJson(org.client, 'POST', `/api/v2/sandbox/payouts/${id}/advance`);
  return id;
}

afterEach(() => setResolverForTests(undefined));

describe('a batch finishing and its failed payments', () => {
  it('tells the maker once, in the bell and by email linking to the batch; nobody else', async () => {
    const { org, maker, other, approver, admin } = await team();
    const batchId = await runBatch(org, maker, ['1000.00', '666.00']);

    const mine = await bell(maker);
    expect(mine.items.map((item) => [item.kind, item.title, item.link])).toEqual([
      ['batch_finished', 'Batch MAY-SUPPLIERS partly failed', `/batches/${batchId}`],
      ['order_failed', 'A payment of 666.00 EUR failed', `/batches/${batchId}`],
    ]);
    expect(mine.items[1]!.body).toBe("The beneficiary's bank returned the payment: account closed");
    expect(await rowsOf(maker)).toEqual([
      'batch_finished/email',
      'batch_finished/in_app',
      'order_failed/email',
      'order_failed/in_app',
    ]);
    const mail = await mailOf(maker);
    expect(mail.map((m) => m.kind).sort()).toEqual([
      'notification_batch_finished',
      'notification_order_failed',
    ]);
    // The email links to the page to act on; it never carries an action of its own.
    expect(mail.find((m) => m.kind === 'notification_batch_finished')!.text).toContain(`/batches/${batchId}`);
    for (const person of [other, approver, admin]) expect(await rowsOf(person)).toEqual([]);
  });

  it('emails about a batch’s failed payments once, and shows each in the bell', async () => {
    const { org, maker } = await team();
    await runBatch(org, maker, ['1666.00', '2666.00', '3666.00']);
    const failed = (await bell(maker)).items.filter((item) => item.kind === 'order_failed');
    expect(failed).toHaveLength(3);
    expect((await mailOf(maker)).map((m) => m.kind).sort()).toEqual([
      'notification_batch_finished',
      'notification_order_failed',
    ]);
  });

  it('honours what the maker switched off, per kind and channel', async () => {
    const { org, maker } = await team();
    const chosen = await sessionCall<{ preferences: { kind: string; in_app: boolean; email: boolean }[] }>(
      maker,
      'PUT',
      '/api/v2/account/notification-preferences',
      {
        preferences: [
          { kind: 'batch_finished', in_app: true, email: false },
          { kind: 'order_failed', in_app: false, email: false },
        ],
      },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.preferences.find((p) => p.kind === 'batch_finished')).toMatchObject({
      in_app: true,
      email: false,
    });
    await runBatch(org, maker, ['1000.00', '666.00']);
    expect(await rowsOf(maker)).toEqual(['batch_finished/in_app']);
    expect(await mailOf(maker)).toEqual([]);
  });
});

describe('deposits and the low balance', () => {
  it('a credited deposit reaches every member; below the threshold approvers and admins are told once until it recovers', async () => {
    const { org, maker, other, approver, admin } = await team('100');
    await creditDeposit(db(), { orgId: org.orgId, amount: '50' });
    for (const person of [maker, other, approver, admin])
      expect(await kindsOf(person)).toEqual(['deposit_credited']);

    await db()
      .update(organizations)
      .set({ lowBalanceThresholdUsdt: '1000' })
      .where(eq(organizations.id, org.orgId));
    // Still below after a second movement: told once.
    await runBatch(org, maker, ['20.00']);
    await creditDeposit(db(), { orgId: org.orgId, amount: '10' });
    const lowFor = async (person: SignedIn) =>
      (await bell(person)).items.filter((item) => item.kind === 'low_balance');
    expect(await lowFor(approver)).toHaveLength(1);
    expect((await lowFor(admin))[0]!.title).toBe('The available balance is below 1000.00 USDT');
    expect(await lowFor(maker)).toEqual([]);

    // Recovers, falls again: told again.
    await creditDeposit(db(), { orgId: org.orgId, amount: '5000' });
    await runBatch(org, maker, ['4000.00']);
    expect(await lowFor(approver)).toHaveLength(2);
  });
});

describe('a withdrawal waiting for approval', () => {
  it('is told to the people who may approve it, never to whoever asked for it', async () => {
    const { org, maker, approver, admin } = await team('1000');
    const wallet = await org.client.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
      body: {
        chain_id: (await db().execute<{ id: string }>(sql`select id from chains where code = 'tron'`))[0]!.id,
        address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        label: 'Cold',
      },
    });
    expect(wallet.status).toBe(201);
    const second = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const policy = await sessionCall(admin, 'PATCH', '/api/v2/organizations/me/approval-policy', {
      withdrawals_require_approval: true,
    });
    expect(policy.status).toBe(200);
    const asked = await sessionCall(approver, 'POST', '/api/v2/liquidity/management/withdrawals', {
      amount: '300',
      wallet_id: wallet.data.id,
    });
    expect(asked.status).toBe(201);
    const waiting = (person: SignedIn) =>
      rowsOf(person).then((rows) => rows.filter((row) => row.startsWith('withdrawal_awaiting_approval')));
    expect(await waiting(second)).toEqual([
      'withdrawal_awaiting_approval/email',
      'withdrawal_awaiting_approval/in_app',
    ]);
    expect(await waiting(admin)).toHaveLength(2);
    expect(await waiting(approver)).toEqual([]);
    expect(await waiting(maker)).toEqual([]);
    // One notice per person and channel: the withdrawal's own kind, not a second, generic approval request.
    expect((await rowsOf(second)).filter((row) => row.startsWith('approval_requested'))).toEqual([]);
  });
});

describe('security notices', () => {
  it('a new API key and a role change reach the admins (and the member concerned), and cannot be switched off', async () => {
    const { other, approver, admin } = await team(null);
    const refused = await sessionCall<{ error: { param?: string } }>(
      admin,
      'PUT',
      '/api/v2/account/notification-preferences',
      { preferences: [{ kind: 'security', in_app: false, email: true }] },
    );
    expect(refused.status).toBe(422);

    const key = await sessionCall(admin, 'POST', '/api/v2/api-keys', { name: 'ERP export', role: 'member' });
    expect(key.status).toBe(201);
    const changed = await sessionCall(admin, 'PATCH', `/api/v2/organizations/me/members/${other.userId}`, {
      role: 'approver',
    });
    expect(changed.status).toBe(200);

    expect((await bell(admin)).items.map((item) => item.title)).toEqual([
      expect.stringMatching(/is now an approver$/),
      'A new API key: ERP export',
    ]);
    expect(await rowsOf(other)).toEqual(['security/email', 'security/in_app']);
    expect(await rowsOf(approver)).toEqual([]);
    expect((await mailOf(admin)).map((m) => m.kind)).toEqual([
      'notification_security',
      'notification_security',
    ]);
  });
});

describe('two-factor sign-in switched off', () => {
  it('tells the admins of every organization the person belongs to, and the person once', async () => {
    const first = await team(null);
    const second = await team(null);
    const person = first.approver;
    await db().execute(
      sql`insert into memberships (id, org_id, user_id, role) values (gen_random_uuid(), ${second.org.orgId}, ${person.userId}, 'member')`,
    );
    const started = await sessionCall<{ secret: string }>(
      person,
      'POST',
      '/api/v2/account/two-factor/enrolment',
    );
    const on = await sessionCall<{ recovery_codes: string[] }>(person, 'POST', '/api/v2/account/two-factor', {
      code: codeAt(started.body.secret, now()),
    });
    expect(on.status).toBe(201);
    const off = await sessionCall(person, 'POST', '/api/v2/account/two-factor/disable', {
      password: 'correct horse battery staple',
      code: on.body.recovery_codes[0],
    });
    expect(off.status).toBe(200);

    const told = await db()
      .select({ userId: notifications.userId, orgId: notifications.orgId, title: notifications.title })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'security'),
          eq(notifications.channel, 'in_app'),
          sql`${notifications.title} like 'Two-factor%'`,
        ),
      );
    const admins = told.filter((row) => row.userId !== person.userId);
    expect(admins.map((row) => [row.orgId, row.userId]).sort()).toEqual(
      [
        [first.org.orgId, first.admin.userId],
        [second.org.orgId, second.admin.userId],
      ].sort(),
    );
    // One row per (event, person, channel): the person is told once, in one of their organizations.
    expect(told.filter((row) => row.userId === person.userId)).toHaveLength(1);
    expect(told[0]!.title).toMatch(/^Two-factor sign-in was switched off for browser\d+-\d+@example\.com$/);
  });
});

describe('a webhook endpoint disabled after 3 days of failures', () => {
  it('tells the admins, and only they', async () => {
    const { org, other, approver, admin } = await team(null);
    setResolverForTests(async () => [{ address: '93.184.215.14', family: 4 }]);
    const endpointId = await createWebhookEndpoint(org.credentials, 'https://hooks.example.com/in', [
      'batch.completed',
    ]);
    const endpoint = { id: endpointId, orgId: org.orgId, url: 'https://hooks.example.com/in' };
    await giveUp(
      endpoint as Parameters<typeof giveUp>[0],
      { id: endpointId, attempts: 5, createdAt: new Date(Date.now() - 60_000) } as Parameters<
        typeof giveUp
      >[1],
      { failure: 'HTTP 500' } as Parameters<typeof giveUp>[2],
    );
    const [told] = (await bell(admin)).items;
    expect(told).toMatchObject({ kind: 'webhook_endpoint_disabled', link: '/settings/webhooks' });
    expect(told!.body).toContain('https://hooks.example.com/in');
    for (const person of [other, approver]) expect(await rowsOf(person)).toEqual([]);
  });
});

describe('the bell’s API', () => {
  it('shows each person only their own, in the organization they act in; read and read-all touch nothing else', async () => {
    const { org, maker } = await team();
    const elsewhere = await team();
    // The same person in a second organization.
    await db().execute(
      sql`insert into memberships (id, org_id, user_id, role) values (gen_random_uuid(), ${elsewhere.org.orgId}, ${maker.userId}, 'member')`,
    );
    await runBatch(org, maker, ['1000.00', '666.00']);
    await runBatch(elsewhere.org, elsewhere.maker, ['666.00']);

    const unread = await bell(maker, '?unread=true&limit=1');
    expect(unread.meta).toMatchObject({ total: 2, has_more: true });
    const theirs = (await bell(elsewhere.maker)).items[0]!;
    const foreign = await sessionCall(maker, 'POST', `/api/v2/notifications/${theirs.id}/read`);
    expect(foreign.status).toBe(404);

    const [first] = (await bell(maker)).items;
    const read = await sessionCall<Notification>(maker, 'POST', `/api/v2/notifications/${first!.id}/read`);
    expect(read.body.read_at).not.toBeNull();
    const again = await sessionCall<Notification>(maker, 'POST', `/api/v2/notifications/${first!.id}/read`);
    expect(again.body.read_at).toBe(read.body.read_at);
    expect((await bell(maker, '?unread=true')).meta.total).toBe(1);

    const all = await sessionCall(maker, 'POST', '/api/v2/notifications/read-all');
    expect(all.body).toEqual({ marked_read: 1 });
    expect((await bell(maker, '?unread=true')).meta.total).toBe(0);
    expect((await bell(elsewhere.maker, '?unread=true')).meta.total).toBe(2);
    // API keys have no notifications: the operations are session only.
    expect((await org.client.send('GET', '/api/v2/notifications')).status).toBe(404);
    const inOrg = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, maker.userId), eq(notifications.orgId, elsewhere.org.orgId)));
    expect(inOrg[0]!.n).toBe(0);
  });
});
