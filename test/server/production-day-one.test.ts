// A provider's first day in production mode (issue #40 §7), on the built server started as `npm start` starts it
// (the front, APP_ENV=production, an https APP_BASE_URL, every production adapter): the CLI creates the first lead;
// emails reach an in-process SMTP server; staff, the client admin and her API key speak to the server only over HTTP,
// each with her own cookies and the configured origin. Rates come from a local HTTP feed, then — after a restart on
// the same database — from treasury's sheet. One ordered walk: each step needs what the steps before it made.
// It lives under test/server/ because it needs the production build, which `npm test` makes before that config runs.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { rateSheets } from '@/db/schema/pricing';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { SAMPLE_COMPANY_SENDER, SAMPLE_IBAN_BENEFICIARY } from '@/lib/profiles/contract/samples';
import { useTestDatabase } from '../db';
import { pain002, readPain001 } from '../support/bank-reports';
import { publicEvents } from '../support/public-events';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { Mailbox } from './mailbox';
import { Person } from './person';
import {
  addWallet,
  BASE,
  choosePasswordAndSignIn,
  eventually,
  PASSWORD,
  productionSettings,
  runCli,
  tokenOf,
  walletAddedYesterday,
} from './production-walk';
import { type RunningServer, startServer } from './servers';

await useTestDatabase();

/** The feed's rates count as fresh this long: short, so the walk can watch them go stale without moving time. */
const FEED_MAX_AGE_SECONDS = 12;

interface Order {
  id: string;
  status: string;
  source_amount: string;
  tracking_reference: string | null;
  bank_reference: string | null;
  failure_message: string | null;
}
interface Batch {
  batch: { id: string; status: string; review_digest?: string; source_amount_total: string };
  orders: Order[];
}
interface Refusal {
  code: string;
  message: string;
}

let smtp: TestSmtpServer;
let mailbox: Mailbox;
let server: RunningServer;
let serverUrl: string;
const feed = { requests: 0, lastAsOf: null as Date | null };
let feedServer: http.Server;
let feedUrl: string;

const production = (rates: Record<string, string>) => productionSettings(smtp.url, rates);

async function startProduction(rates: Record<string, string>): Promise<void> {
  server = await startServer('npm start (front)', production(rates));
  serverUrl = `http://127.0.0.1:${server.port}`;
}

const person = (name: string) => new Person(name, () => serverUrl, BASE);

/** The operator's CLI, with production's settings in her shell. */
const cli = (args: string[]) => runCli(production({ RATES_ADAPTER: 'manual' }), args);

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailbox = new Mailbox(smtp);
  // The provider's rates feed (DESIGN's JSON): each answer is observed now.
  feedServer = http.createServer((_request, response) => {
    feed.requests += 1;
    feed.lastAsOf = new Date();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        rates: [{ currency: 'EUR', rate: '0.9231', as_of: feed.lastAsOf.toISOString() }],
      }),
    );
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/rates.json`;
  await startProduction({
    RATES_ADAPTER: 'http',
    RATES_URL: feedUrl,
    RATES_MAX_AGE_SECONDS: String(FEED_MAX_AGE_SECONDS),
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

// Who works on day one, and what they share between steps.
const emails = {
  lead: 'lea.lead@provider.test',
  ops: 'otto.ops@provider.test',
  ops2: 'olga.ops@provider.test',
  treasury: 'tess.treasury@provider.test',
  admin: 'ada.admin@acme.example',
};
let lead: Person;
let otto: Person;
let olga: Person;
let tess: Person;
let ada: Person;
let orgId: string;
let senderId: string;
let beneficiaryId: string;
let apiKey: { api_key: string; private_key_pem: string; shared_secret: string };
/** The client's API key, signing its requests, at wherever the server listens now. */
const api = () =>
  new PayoutApiClient({
    baseUrl: serverUrl,
    apiKey: apiKey.api_key,
    privateKeyPem: apiKey.private_key_pem,
    sharedSecret: apiKey.shared_secret,
    maxRetries: 0,
  });
let feedBatchId: string;
let batchId: string;
let orders: Order[];

const orderItem = (amount: string) => ({
  sender_profile_id: senderId,
  beneficiary_profile_id: beneficiaryId,
  beneficiary_amount: amount,
  beneficiary_currency: 'EUR',
  fee_type: 'OUR',
  purpose_code: 'GDSP',
});

describe('a provider’s first day in production mode', () => {
  it('1–2. the CLI invites the first lead without printing a secret; her emailed link sets a password; she signs in', async () => {
    // Started in production mode on every production implementation (the probes' states come within a minute).
    const ready = await person('load balancer').call<{
      adapters: Record<string, { implementation: string }>;
    }>('GET', '/api/health/ready');
    expect(
      Object.fromEntries(Object.entries(ready.body.adapters).map(([name, a]) => [name, a.implementation])),
    ).toEqual({
      custody: 'manual',
      email: 'smtp',
      kyc: 'manual',
      'payout-rail': 'operations',
      rates: 'http',
    });

    const run = await cli(['staff', 'create-lead', '--email', emails.lead, '--name', 'Lea Lead']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Invited Lea Lead <${emails.lead}> as support lead`);
    expect(run.stdout).not.toMatch(/https?:\/\/|token/i);

    const mail = await mailbox.next(emails.lead, { subject: /support console account/ });
    expect(mail.links).toHaveLength(1);
    expect(mail.html).toContain(mail.links[0]!.replaceAll('&', '&amp;'));
    expect(run.stdout).not.toContain(tokenOf(mail.links[0]));

    lead = person('Lea');
    // No password works before she chooses one.
    expect(await lead.signIn(emails.lead, PASSWORD)).toBe(false);
    await choosePasswordAndSignIn(lead, emails.lead, mail.links[0]);
    // Over https the session cookie is the `__Host-` one.
    expect(lead.cookieNames()).toContain('__Host-payout.session-token');
    const me = await lead.call('GET', '/api/v2/support/me');
    expect(me).toMatchObject({
      status: 200,
      body: { email: emails.lead, staff_roles: ['support_lead'] },
    });
  }, 120_000);

  it('3. she invites operations and treasury colleagues; their emails arrive, they set passwords and sign in', async () => {
    const invitations: [string, string, string[]][] = [
      [emails.ops, 'Otto Ops', ['operations']],
      [emails.ops2, 'Olga Ops', ['operations', 'support']],
      [emails.treasury, 'Tess Treasury', ['treasury']],
    ];
    for (const [email, name, roles] of invitations) {
      const invited = await lead.call('POST', '/api/v2/support/staff', { email, name, roles });
      expect(invited).toMatchObject({ status: 201, body: { email, staff_roles: roles, status: 'invited' } });
    }
    // A page without a session cookie is someone else: refused.
    expect((await person('stranger').call('GET', '/api/v2/support/staff')).status).toBe(401);

    [otto, olga, tess] = [person('Otto'), person('Olga'), person('Tess')];
    for (const [who, [email, , roles]] of [otto, olga, tess].map((p, i) => [p, invitations[i]!] as const)) {
      const mail = await mailbox.next(email, { subject: /support console account/ });
      expect(mail.text).toContain(`as ${roles.join(', ')}`);
      await choosePasswordAndSignIn(who, email, mail.links[0]);
      expect((await who.call('GET', '/api/v2/support/me')).body).toMatchObject({ email, staff_roles: roles });
    }
    // A colleague who is not a lead cannot invite.
    const refused = await otto.call('POST', '/api/v2/support/staff', {
      email: 'x@provider.test',
      name: 'X',
      roles: ['support'],
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
  }, 120_000);

  it('4. staff open a client organization and a corridor; the admin’s invitation email signs her up', async () => {
    const created = await lead.call<{ id: string }>('POST', '/api/v2/support/organizations', {
      name: 'Acme Trading',
      entitlements: ['payouts', 'liquidity_management'],
      margin_bps: '50',
      admin_email: emails.admin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    orgId = created.body.id;
    const corridor = await lead.call('POST', '/api/v2/support/pricing/corridors', {
      name: 'EUR via SEPA',
      currency: 'EUR',
      min_amount: '10.00',
      max_amount: '100000.00',
      our_fee_fixed: '5.00',
      our_fee_percent: '0.10',
      sha_fee_fixed: '2.00',
      sha_fee_percent: '0.05',
      sha_sender_share: '0.5',
    });
    expect(corridor.status, JSON.stringify(corridor.body)).toBe(201);
    // Treasury does not open corridors.
    expect((await tess.call('POST', '/api/v2/support/pricing/corridors', corridor.body)).status).toBe(403);

    const mail = await mailbox.next(emails.admin, { subject: /invited you to/ });
    const link = mail.links.find((candidate) => candidate.startsWith(`${BASE}/invitations/`));
    expect(link, mail.text).toBeDefined();
    const token = new URL(link!).pathname.split('/').pop()!;
    ada = person('Ada');
    expect((await ada.call('GET', `/api/auth/invitations/${token}`)).status).toBe(200);
    const signedUp = await ada.call('POST', `/api/auth/invitations/${token}/sign-up`, {
      name: 'Ada Admin',
      password: PASSWORD,
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    expect(await ada.signIn(emails.admin, PASSWORD)).toBe(true);
    const org = await ada.call('GET', '/api/v2/organizations/me');
    expect(org).toMatchObject({ status: 200, body: { id: orgId, name: 'Acme Trading' } });

    // Her API key reads the organization's public events (signed requests).
    const key = await ada.call<{ api_key: string; private_key_pem: string; shared_secret: string }>(
      'POST',
      '/api/v2/api-keys',
      { name: 'ERP', role: 'approver' },
    );
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    apiKey = key.body;
    expect((await api().request('GET', '/api/v2/events?limit=1')).status).toBe(200);
  }, 120_000);

  it('5. the client’s sender is reviewed after a request for information, its beneficiary approved by another reviewer', async () => {
    const sender = await ada.call<{ id: string }>('POST', '/api/v2/senders', SAMPLE_COMPANY_SENDER);
    expect(sender.status, JSON.stringify(sender.body)).toBe(201);
    senderId = sender.body.id;
    expect((await ada.call('POST', `/api/v2/senders/${senderId}/submit`)).status).toBe(200);
    // KYC_ADAPTER=manual: the review job leaves it for a person.
    await eventually(
      () => ada.call<{ status: string }>('GET', `/api/v2/senders/${senderId}`),
      (answer) => answer.body.status === 'in_review',
      'the submitted sender',
    );
    const queue = await lead.call<{ items: { id: string }[] }>('GET', '/api/v2/support/reviews?limit=100');
    expect(queue.body.items.map((item) => item.id)).toContain(senderId);

    const question = 'Please confirm your registered address as on the company register.';
    const asked = await lead.call('POST', `/api/v2/support/reviews/sender/${senderId}/information-request`, {
      question,
      fields: ['address_line1'],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const waiting = await ada.call('GET', `/api/v2/senders/${senderId}`);
    expect(waiting.body).toMatchObject({ status: 'action_required', requested_information: { question } });
    expect(
      (await ada.call('PATCH', `/api/v2/senders/${senderId}`, { address_line1: '26 Old Broad Street' }))
        .status,
    ).toBe(200);
    expect((await ada.call('POST', `/api/v2/senders/${senderId}/submit`)).status).toBe(200);
    await eventually(
      () => ada.call<{ status: string }>('GET', `/api/v2/senders/${senderId}`),
      (answer) => answer.body.status === 'in_review',
      'the resubmitted sender',
    );
    const approved = await olga.call('POST', `/api/v2/support/reviews/sender/${senderId}/decision`, {
      decision: 'approve',
      reason: 'Address matches the company register.',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await ada.call('GET', `/api/v2/senders/${senderId}`)).body).toMatchObject({
      status: 'ready',
      address_line1: '26 Old Broad Street',
    });

    const beneficiary = await ada.call<{ id: string }>('POST', '/api/v2/beneficiaries', {
      sender_profile_id: senderId,
      ...SAMPLE_IBAN_BENEFICIARY,
    });
    expect(beneficiary.status, JSON.stringify(beneficiary.body)).toBe(201);
    beneficiaryId = beneficiary.body.id;
    expect((await ada.call('POST', `/api/v2/beneficiaries/${beneficiaryId}/submit`)).status).toBe(200);
    await eventually(
      () => ada.call<{ status: string }>('GET', `/api/v2/beneficiaries/${beneficiaryId}`),
      (answer) => answer.body.status === 'in_review',
      'the submitted beneficiary',
    );
    // Operations without the support role do not review.
    const notReviewer = await otto.call(
      'POST',
      `/api/v2/support/reviews/beneficiary/${beneficiaryId}/decision`,
      {
        decision: 'approve',
        reason: 'Looks fine to me.',
      },
    );
    expect(notReviewer.status, JSON.stringify(notReviewer.body)).toBe(403);
    const decided = await lead.call('POST', `/api/v2/support/reviews/beneficiary/${beneficiaryId}/decision`, {
      decision: 'approve',
      reason: 'Name screened, no match.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await ada.call('GET', `/api/v2/beneficiaries/${beneficiaryId}`)).body).toMatchObject({
      status: 'ready',
    });
  }, 120_000);

  it('6a. rates from the feed quote a batch; once the feed stops updating, quoting answers 503 with Retry-After', async () => {
    /** The client's createBatch while the feed's rates are too old: refused, nothing stored, retry at the next poll. */
    const expectStale = async () => {
      const refused = await ada.call<Refusal>('POST', '/api/v2/payouts', { orders: [orderItem('100.00')] });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body.code).toBe('rates_unavailable');
      // The feed is polled each RATES_POLL_INTERVAL_SECONDS (60 by default): that is when to try again.
      expect(refused.headers.get('retry-after')).toBe('60');
    };
    // The worker polls the feed on its minute tick, so the walk takes the two states in whichever order the clock
    // offers: rates already too old are refused now; then a fresh poll quotes (waiting for it, at most a minute).
    const ageMs = () => (feed.lastAsOf ? Date.now() - feed.lastAsOf.getTime() : null);
    let staleSeen = false;
    const age = ageMs();
    if (age !== null && age > (FEED_MAX_AGE_SECONDS + 1) * 1000) {
      await expectStale();
      staleSeen = true;
    }
    if (age === null || age > (FEED_MAX_AGE_SECONDS - 6) * 1000) {
      const polls = feed.requests;
      await eventually(
        async () => feed.requests,
        (count) => count > polls,
        'a poll of the rates feed',
        // The next minute's tick, plus what a busy machine adds: npm test runs these tests at a lower priority beside
        // the browser tests, and once saw no poll within 70 s.
        110_000,
      );
    }
    const created = await eventually(
      () => ada.call<Batch>('POST', '/api/v2/payouts', { orders: [orderItem('100.00')] }),
      (answer) => answer.status !== 503,
      'createBatch on the fresh feed',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    feedBatchId = created.body.batch.id;
    // Nothing the client sees reveals the rate (or the margin on it).
    expect(JSON.stringify(created.body)).not.toContain('0.9231');
    if (!staleSeen) {
      // No poll comes for a minute: the rates age past RATES_MAX_AGE_SECONDS and quoting stops.
      const staleAt = feed.lastAsOf!.getTime() + FEED_MAX_AGE_SECONDS * 1000 + 500;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, staleAt - Date.now())));
      await expectStale();
    }
  }, 200_000);

  it('6b. restarted on the treasury sheet: no sheet refuses quoting; treasury publishes one and quoting works', async () => {
    await server.stop();
    await startProduction({ RATES_ADAPTER: 'manual' });
    // The cookies outlive the restart (sessions are rows in the database).
    expect((await lead.call('GET', '/api/v2/support/me')).status).toBe(200);

    const none = await ada.call<Refusal>('POST', `/api/v2/payouts/${feedBatchId}/quote`);
    expect(none.status, JSON.stringify(none.body)).toBe(503);
    expect(none.body.code).toBe('rates_unavailable');
    expect(none.headers.get('retry-after')).toBe('300');

    const sheet = {
      valid_until: new Date(Date.now() + 3_600_000).toISOString(),
      rates: [{ currency: 'EUR', units_per_usdt: '0.9' }],
    };
    // Only treasury publishes.
    expect((await otto.call('POST', '/api/v2/support/rates/sheets', sheet)).status).toBe(403);
    const published = await tess.call('POST', '/api/v2/support/rates/sheets', sheet);
    expect(published).toMatchObject({ status: 201, body: { state: 'in_force' } });
    const requoted = await ada.call<Batch>('POST', `/api/v2/payouts/${feedBatchId}/quote`);
    expect(requoted.status, JSON.stringify(requoted.body)).toBe(200);
  }, 150_000);

  it('7. operations enter the deposit address; a deposit recorded by one is credited once when another confirms it', async () => {
    const address = sandboxAddress('tron');
    const entered = await otto.call('PUT', `/api/v2/support/organizations/${orgId}/deposit-addresses/tron`, {
      address,
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(
      (await ada.call<{ items: { address: string }[] }>('GET', '/api/v2/funding/addresses')).body.items,
    ).toEqual([expect.objectContaining({ chain: 'tron', address })]);

    const transactionHash = randomBytes(32).toString('hex');
    const recorded = await otto.call<{ id: string; status: string }>('POST', '/api/v2/support/deposits', {
      org_id: orgId,
      chain: 'tron',
      amount: '5000',
      transaction_hash: transactionHash,
    });
    expect(recorded).toMatchObject({ status: 201, body: { status: 'recorded' } });
    const balance = () => ada.call<{ available: string }>('GET', '/api/v2/funding/balance');
    expect((await balance()).body.available).toBe('0.00');
    const own = await otto.call<Refusal>('POST', `/api/v2/support/deposits/${recorded.body.id}/confirm`);
    expect(own).toMatchObject({ status: 403, body: { code: 'second_person_required' } });
    const confirmed = await olga.call('POST', `/api/v2/support/deposits/${recorded.body.id}/confirm`);
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'confirmed' } });
    expect((await olga.call('POST', `/api/v2/support/deposits/${recorded.body.id}/confirm`)).status).toBe(
      409,
    );
    expect((await balance()).body.available).toBe('5000.00');
    // The client's admin is told once, over SMTP, with a link to the page and no action in the email.
    const credited = await mailbox.next(emails.admin, { subject: /^5000\.00 USDT credited$/ });
    expect(credited.links.length).toBeGreaterThan(0);
    expect(credited.links.every((link) => link.startsWith(BASE))).toBe(true);
  }, 60_000);

  it('8. the client creates, quotes and confirms a batch; it reaches DEPOSIT_RECEIVED with no sandbox step', async () => {
    const created = await ada.call<Batch>('POST', '/api/v2/payouts', {
      orders: [orderItem('100.00'), orderItem('200.00')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    batchId = created.body.batch.id;
    const quoted = await ada.call<Batch>('POST', `/api/v2/payouts/${batchId}/quote`);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const confirmed = await ada.call<Batch>('POST', `/api/v2/payouts/${batchId}/confirm`, {
      review_digest: quoted.body.batch.review_digest,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const funded = await eventually(
      () => ada.call<Batch>('GET', `/api/v2/payouts/${batchId}`),
      (answer) => answer.body.orders.every((order) => order.status === 'DEPOSIT_RECEIVED'),
      'the confirmed batch’s orders',
    );
    orders = funded.body.orders;
    expect(orders).toHaveLength(2);
    // The sandbox's steps do not exist here: production answers as if they never did.
    expect((await ada.call('POST', `/api/v2/sandbox/orders/${orders[0]!.id}/advance`)).status).toBe(404);
  }, 60_000);

  it('9. the desk: one operator marks the orders sent; another records one paid and one failed', async () => {
    const account = await lead.call('POST', '/api/v2/support/payout-accounts', {
      name: 'Main EUR',
      account_number: 'DE44 5001 0517 5407 3249 31',
      bic: 'INGDDEFFXXX',
      currency: 'EUR',
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const desk = await otto.call<{ to_pay: { currency: string; orders: { id: string }[] }[] }>(
      'GET',
      '/api/v2/support/desk',
    );
    expect(desk.status, JSON.stringify(desk.body)).toBe(200);
    const toPay = desk.body.to_pay.flatMap((group) => group.orders.map((order) => order.id));
    expect(toPay.sort()).toEqual(orders.map((order) => order.id).sort());

    const [paid, failed] = orders;
    // To pay it, the operator opens the payee's full account number: a staff read the client's admin sees.
    const payee = await otto.call('GET', `/api/v2/support/organizations/${orgId}/orders/${paid!.id}/payee`);
    expect(payee).toMatchObject({
      status: 200,
      body: { iban: SAMPLE_IBAN_BENEFICIARY.iban, beneficiary_name: SAMPLE_IBAN_BENEFICIARY.name },
    });
    const reads = await ada.call<{ items: { staff_email: string; operation: string }[] }>(
      'GET',
      '/api/v2/organizations/me/access-log/reads?limit=100',
    );
    expect(reads.body.items).toContainEqual(
      expect.objectContaining({ staff_email: emails.ops, operation: 'getDeskPayee' }),
    );
    const sent = await otto.call<{ data: Order[] }>('POST', '/api/v2/support/desk/sent', {
      order_ids: [paid!.id, failed!.id],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.map((order) => order.status)).toEqual(['PAYING_BENEFICIARY', 'PAYING_BENEFICIARY']);
    const outcome = (id: string) => `/api/v2/support/desk/orders/${id}/outcome`;
    const own = await otto.call<Refusal>('POST', outcome(paid!.id), {
      outcome: 'paid',
      bank_reference: 'BANKREF-1',
    });
    expect(own).toMatchObject({ status: 403, body: { code: 'second_person_required' } });
    expect(
      (await olga.call('POST', outcome(paid!.id), { outcome: 'paid', bank_reference: 'BANKREF-20261129-1' }))
        .status,
    ).toBe(200);
    const reason = "The beneficiary's bank returned the payment: account closed";
    expect((await olga.call('POST', outcome(failed!.id), { outcome: 'failed', reason })).status).toBe(200);

    const seen = await ada.call<Batch>('GET', `/api/v2/payouts/${batchId}`);
    const byId = new Map(seen.body.orders.map((order) => [order.id, order]));
    expect(byId.get(paid!.id)).toMatchObject({ status: 'COMPLETED', bank_reference: 'BANKREF-20261129-1' });
    expect(byId.get(paid!.id)!.tracking_reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(byId.get(failed!.id)).toMatchObject({ status: 'FAILED', failure_message: reason });
    // The paid order's USDT left the balance; the failed one's came back to the available balance.
    const balance = await ada.call<{ available: string; held: string }>('GET', '/api/v2/funding/balance');
    expect(balance.body).toMatchObject({
      available: new Decimal('5000').minus(byId.get(paid!.id)!.source_amount).toFixed(2),
      held: '0.00',
    });
  }, 60_000);

  it('10. a second batch is paid through a pain.001 one operator builds and sends, and the pain.002 another applies once', async () => {
    const created = await ada.call<Batch>('POST', '/api/v2/payouts', {
      orders: [orderItem('300.00'), orderItem('400.00')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fileBatchId = created.body.batch.id;
    const quoted = await ada.call<Batch>('POST', `/api/v2/payouts/${fileBatchId}/quote`);
    expect(
      (
        await ada.call('POST', `/api/v2/payouts/${fileBatchId}/confirm`, {
          review_digest: quoted.body.batch.review_digest,
        })
      ).status,
    ).toBe(200);
    const funded = await eventually(
      () => ada.call<Batch>('GET', `/api/v2/payouts/${fileBatchId}`),
      (answer) => answer.body.orders.every((order) => order.status === 'DEPOSIT_RECEIVED'),
      'the second batch’s orders',
    );
    const [paid, rejected] = funded.body.orders;
    const ids = [paid!.id, rejected!.id];
    const hex = (id: string) => id.replaceAll('-', '');

    // One operator builds the EUR file (the account from step 9 is its debtor) and downloads it.
    const built = await otto.call<{ id: string; format: string; message_id: string; sha256: string }>(
      'POST',
      '/api/v2/support/desk/payment-files',
      { order_ids: ids },
    );
    expect(built.status, JSON.stringify(built.body)).toBe(201);
    expect(built.body.format).toBe('pain.001.001.09');
    const fileUrl = `/api/v2/support/desk/payment-files/${built.body.id}`;
    const download = await otto.fetch('GET', `${fileUrl}/content`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/xml');
    const xml = await download.text();
    expect(createHash('sha256').update(xml).digest('hex')).toBe(built.body.sha256);
    const pain001 = readPain001(xml);
    expect(pain001).toMatchObject({
      messageId: built.body.message_id,
      numberOfTransactions: '2',
      controlSum: '700.00',
    });
    expect(pain001.transactions.map((tx) => [tx.endToEndId, tx.amount, tx.currency]).sort()).toEqual(
      [
        [hex(paid!.id), '300.00', 'EUR'],
        [hex(rejected!.id), '400.00', 'EUR'],
      ].sort(),
    );
    const sent = await otto.call<{ status: string }>('POST', `${fileUrl}/sent`);
    expect(sent).toMatchObject({ status: 200, body: { status: 'sent' } });
    const inFlight = await ada.call<Batch>('GET', `/api/v2/payouts/${fileBatchId}`);
    for (const order of inFlight.body.orders) {
      expect(order.status).toBe('PAYING_BENEFICIARY');
      // The UETR the bank received in the file is the order's tracking reference.
      expect(order.tracking_reference).toBe(
        pain001.transactions.find((tx) => tx.endToEndId === hex(order.id))!.uetr,
      );
    }

    // The bank answers from the file it received: one settled, one rejected. Its maker may not apply it.
    const report = {
      name: 'pain002.xml',
      type: 'application/xml',
      content: pain002(pain001.messageId, [
        { endToEndId: hex(paid!.id), status: 'ACSC', ref: 'BANK-PAIN-0001' },
        { endToEndId: hex(rejected!.id), status: 'RJCT', reason: 'AC04' },
      ]),
    };
    const reportsUrl = '/api/v2/support/desk/payment-reports';
    const own = await otto.upload<Refusal>(reportsUrl, 'file', report);
    expect(own).toMatchObject({ status: 403, body: { code: 'second_person_required' } });
    const applied = await olga.upload<{ id: string; already_applied: boolean; applied: unknown[] }>(
      reportsUrl,
      'file',
      report,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ already_applied: false });
    expect(applied.body.applied).toHaveLength(2);

    const seen = await ada.call<Batch>('GET', `/api/v2/payouts/${fileBatchId}`);
    const byId = new Map(seen.body.orders.map((order) => [order.id, order]));
    expect(byId.get(paid!.id)).toMatchObject({ status: 'COMPLETED', bank_reference: 'BANK-PAIN-0001' });
    expect(byId.get(rejected!.id)).toMatchObject({
      status: 'FAILED',
      failure_message: 'AC04: Closed account number',
    });
    // The client's integration hears it as it hears the desk's outcomes.
    const events = await publicEvents(api(), { about: ids });
    const finals = (id: string) =>
      events.filter((event) => event.data.object.id === id).map((event) => event.type);
    expect(finals(paid!.id)).toContain('order.completed');
    expect(finals(rejected!.id)).toContain('order.failed');

    // The same bytes again (a second click, a re-sent email): already applied, nothing new for the client.
    const again = await olga.upload<{ id: string; already_applied: boolean }>(reportsUrl, 'file', {
      ...report,
      name: 'pain002 (1).xml',
    });
    expect(again).toMatchObject({ status: 200, body: { id: applied.body.id, already_applied: true } });
    expect((await publicEvents(api(), { about: ids })).map((event) => event.id)).toEqual(
      events.map((event) => event.id),
    );
    expect((await ada.call<Batch>('GET', `/api/v2/payouts/${fileBatchId}`)).body.orders).toEqual(
      seen.body.orders,
    );
  }, 60_000);

  it('10b. once treasury’s sheet is past its valid_until, quoting answers 503 until a new sheet is published', async () => {
    // A sheet is valid for at least five minutes and time cannot move in production: the walk's second write to the
    // database makes the sheet in force one that ended a minute ago (published two hours back).
    await db()
      .update(rateSheets)
      .set({ publishedAt: sql`now() - interval '2 hours'`, validUntil: sql`now() - interval '1 minute'` });
    const before = await ada.call<{ meta: { total: number } }>('GET', '/api/v2/payouts?limit=1');
    const stale = await ada.call<Refusal>('POST', '/api/v2/payouts', { orders: [orderItem('100.00')] });
    expect(stale.status, JSON.stringify(stale.body)).toBe(503);
    expect(stale.body.code).toBe('rates_unavailable');
    expect(stale.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    // Nothing was stored.
    expect(
      (await ada.call<{ meta: { total: number } }>('GET', '/api/v2/payouts?limit=1')).body.meta.total,
    ).toBe(before.body.meta.total);
    const renewed = await tess.call('POST', '/api/v2/support/rates/sheets', {
      valid_until: new Date(Date.now() + 3_600_000).toISOString(),
      rates: [{ currency: 'EUR', units_per_usdt: '0.9' }],
    });
    expect(renewed).toMatchObject({ status: 201, body: { state: 'in_force' } });
    const quoted = await ada.call<Batch>('POST', '/api/v2/payouts', { orders: [orderItem('100.00')] });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
  }, 60_000);

  it('11. a withdrawal to an address-book wallet is executed by operations, who record its hash', async () => {
    const walletId = await addWallet(ada, 'tron', sandboxAddress('tron'), 'Cold storage');
    // Production's 24-hour cooling-off of a new address holds here too …
    const early = await ada.call<{ error: Refusal }>('POST', '/api/v2/liquidity/management/withdrawals', {
      amount: '250',
      wallet_id: walletId,
    });
    expect(early).toMatchObject({ status: 400, body: { error: { code: 'wallet_cooling_off' } } });
    // … and time cannot move in production.
    await walletAddedYesterday(walletId);

    const requested = await ada.call<{ id: string; status: string }>(
      'POST',
      '/api/v2/liquidity/management/withdrawals',
      { amount: '250', wallet_id: walletId },
    );
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const withdrawalId = requested.body.id;
    const waiting = await otto.call<{ data: { id: string }[] }>(
      'GET',
      '/api/v2/support/withdrawals/awaiting-execution',
    );
    expect(waiting.body.data.map((row) => row.id)).toContain(withdrawalId);
    const transactionHash = randomBytes(32).toString('hex');
    const executed = await otto.call(
      'POST',
      `/api/v2/support/organizations/${orgId}/withdrawals/${withdrawalId}/execution`,
      { transaction_hash: transactionHash },
    );
    expect(executed).toMatchObject({
      status: 200,
      body: { status: 'COMPLETED', transaction_hash: transactionHash },
    });
    expect(
      (await ada.call('GET', `/api/v2/liquidity/management/withdrawals/${withdrawalId}`)).body,
    ).toMatchObject({ status: 'COMPLETED' });
  }, 60_000);

  it('public events: the client’s API key reads each step it should know about through GET /events', async () => {
    const types = new Set<string>();
    for (let page = 1; ; page += 1) {
      const { data } = await api().request<{ items: { type: string }[] }>(
        'GET',
        `/api/v2/events?limit=100&page=${page}`,
      );
      for (const item of data.items) types.add(item.type);
      if (data.items.length < 100) break;
    }
    for (const type of [
      'sender.action_required',
      'beneficiary.ready',
      'funding.deposit_credited',
      'order.deposit_received',
      'order.completed',
      'order.failed',
      'withdrawal.completed',
    ]) {
      expect([...types], type).toContain(type);
    }
    // Production refuses a webhook to a private address; it is never loosened for a test.
    const hook = await api().send('POST', '/api/v2/webhooks/endpoints', {
      body: { url: 'https://127.0.0.1/hooks', event_types: ['order.completed'] },
    });
    expect(hook.status).toBe(422);
    expect(await hook.json()).toMatchObject({ errors: [{ field: 'url', code: 'invalid_url' }] });
  });

  it('12. a password reset email arrives and its link sets a new password', async () => {
    const asked = await person('Ada on her phone').call('POST', '/api/auth/password-reset', {
      email: emails.admin,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const mail = await mailbox.next(emails.admin, { subject: /^Reset your payout portal password$/ });
    const fresh = person('Ada again');
    const done = await fresh.call('POST', '/api/auth/password-reset/complete', {
      token: tokenOf(mail.links[0]),
      password: `${PASSWORD} renewed`,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await person('old password').signIn(emails.admin, PASSWORD)).toBe(false);
    expect(await fresh.signIn(emails.admin, `${PASSWORD} renewed`)).toBe(true);
  }, 60_000);
});
