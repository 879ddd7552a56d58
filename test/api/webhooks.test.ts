// Webhooks end to end: endpoints through the real handlers, deliveries by the real worker to a real receiver on
// 127.0.0.1, signatures checked with the documented verifyWebhook, retries, timeouts, re-sends, rotation, the address
// rule, and isolation between organizations.
import { and, eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { webhookEndpoints } from '@/db/schema/webhooks';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession, verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import type { PayoutApiClient } from '@/lib/platform/client/client';
import {
  parseWebhookSignatureHeader,
  verifyWebhook,
  type WebhookEvent,
} from '@/lib/platform/client/webhooks';
import { advanceClock, now, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { startWorker, type WorkerHandle } from '@/lib/platform/jobs/runner';
import { setDeliveryTimeoutForTests } from '@/lib/platform/webhook-delivery/deliver';
import { DRAIN_LEASE_MS, sweepDueDeliveries } from '@/lib/platform/webhook-delivery/drain';
import { takeLease } from '@/lib/platform/webhook-delivery/lease';
import { setRetryScheduleForTests } from '@/lib/platform/webhook-delivery/retry-schedule';
import { setResolverForTests } from '@/lib/platform/webhook-delivery/safe-request';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { TEST_AUTH_SECRET, useTestDatabase } from '../db';
import { createTestOrganization, type TestOrganization } from '../fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const testDb = await useTestDatabase();

interface Endpoint {
  id: string;
  url: string;
  status: 'enabled' | 'disabled';
  event_types: string[];
  disabled_reason: string | null;
  previous_secret_expires_at: string | null;
  secret?: string;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_response_status: number | null;
  last_latency_ms: number | null;
  last_response_body: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

let worker: WorkerHandle;
let receiver: WebhookReceiver;

function allowPrivateUrls(allowed: boolean): void {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = String(allowed);
  resetEnvCache();
}

const startTestWorker = () =>
  startWorker({ connectionString: testDb.url, concurrency: 1, pollInterval: 100, webhookConcurrency: 4 });

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  await worker.stop();
});

beforeEach(async () => {
  allowPrivateUrls(true);
  receiver = await startWebhookReceiver();
  // Seconds instead of minutes, so a test sees several attempts.
  setRetryScheduleForTests({ firstDelayMs: 150, maxDelayMs: 300, jitter: 0, windowMs: 60_000 });
});

afterEach(async () => {
  // Retries a test left scheduled must not call out (or resolve names) during the next one.
  await db()
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledAt: new Date(), disabledReason: 'test over' })
    .where(eq(webhookEndpoints.status, 'enabled'));
  await receiver.close();
  setRetryScheduleForTests(undefined);
  setDeliveryTimeoutForTests(undefined);
  setResolverForTests(undefined);
  resetClock();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
});

async function createEndpoint(
  client: PayoutApiClient,
  body: Record<string, unknown> = {},
): Promise<Endpoint & { secret: string }> {
  const response = await client.request<Endpoint & { secret: string }>('POST', '/api/v2/webhooks/endpoints', {
    body: { url: receiver.url, event_types: ['*'], ...body },
  });
  expect(response.status).toBe(201);
  return response.data;
}

async function deliveries(client: PayoutApiClient, endpointId: string): Promise<Delivery[]> {
  const response = await client.request<{ items: Delivery[] }>(
    'GET',
    `/api/v2/webhooks/endpoints/${endpointId}/deliveries`,
  );
  expect(response.status).toBe(200);
  return response.data.items;
}

/** Polls the delivery log until `predicate` holds for the newest delivery. */
async function waitForDelivery(
  client: PayoutApiClient,
  endpointId: string,
  predicate: (delivery: Delivery) => boolean,
  timeoutMs = 15_000,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [latest] = await deliveries(client, endpointId);
    if (latest && predicate(latest)) return latest;
    if (Date.now() > deadline) throw new Error(`delivery never matched; last seen ${JSON.stringify(latest)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the whole delivery log until `predicate` holds for it. */
async function waitForLog(
  client: PayoutApiClient,
  endpointId: string,
  predicate: (log: Delivery[]) => boolean,
  timeoutMs = 15_000,
): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await deliveries(client, endpointId);
    if (log.length > 0 && predicate(log)) return log;
    if (Date.now() > deadline)
      throw new Error(`delivery log never matched; last seen ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function deposit(client: PayoutApiClient, amount = '250.00'): Promise<string> {
  const response = await client.request<{ id: string }>('POST', '/api/v2/sandbox/deposits', {
    body: { amount },
  });
  expect(response.status).toBe(201);
  return response.data.id;
}

async function setup(): Promise<{ org: TestOrganization; client: PayoutApiClient }> {
  const org = await createTestOrganization();
  return { org, client: apiClient(org.credentials) };
}

describe('delivery', () => {
  it("a sandbox deposit's event arrives signed, verifies with the endpoint's secret, and is logged", async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client, { description: 'Ledger sync' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const depositId = await deposit(client);

    const [request] = await receiver.waitFor(1);
    const event = verifyWebhook<{ id: string; amount: string }>(
      request!.body,
      request!.headers['payout-signature'],
      endpoint.secret,
    );
    expect(event).toMatchObject({
      type: 'funding.deposit_credited',
      data: { object: { id: depositId, amount: '250.00' } },
    });
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/webhooks');
    expect(request!.headers['payout-event-id']).toBe(event.id);
    expect(request!.headers['payout-event-type']).toBe('funding.deposit_credited');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(
      /^PayoutPortal-Webhooks\/1\.0 \(\+http.*\/docs\/signing\)$/,
    );
    const { timestamp } = parseWebhookSignatureHeader(String(request!.headers['payout-signature']));
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);

    // The body is the event exactly as GET /events returns it.
    const listed = await client.request<WebhookEvent>('GET', `/api/v2/events/${event.id}`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.data)).toBe(request!.body);

    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(delivery).toMatchObject({
      event_id: event.id,
      event_type: 'funding.deposit_credited',
      attempts: 1,
      last_response_status: 200,
      last_response_body: 'ok',
      last_error: null,
      next_attempt_at: null,
    });
    expect(delivery.last_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('a receiver that fails twice gets the event on the third attempt; the log shows each answer', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    receiver.script({ status: 500, body: 'database down' }, { status: 503, body: 'still down' });
    await deposit(client);

    const requests = await receiver.waitFor(3);
    const ids = new Set(requests.map((r) => r.headers['payout-event-id']));
    expect(ids.size).toBe(1);
    for (const request of requests) {
      expect(
        verifyWebhook(request.body, request.headers['payout-signature'], endpoint.secret).id,
      ).toBeTruthy();
    }
    // Backoff: the retries were spread out, not fired at once, and the second waited longer (150 ms, then 300 ms).
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(100);
    expect(requests[2]!.receivedAt - requests[1]!.receivedAt).toBeGreaterThanOrEqual(250);

    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(delivery).toMatchObject({ attempts: 3, last_response_status: 200, last_error: null });
  });

  it('a receiver that never answers hits the timeout, and the attempt is retried', async () => {
    setDeliveryTimeoutForTests(400);
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    // Two hanging answers leave more than a second in which the log shows the timed-out, pending delivery.
    receiver.script('hang', 'hang');
    await deposit(client);

    const failed = await waitForDelivery(client, endpoint.id, (d) => d.attempts >= 1);
    expect(failed).toMatchObject({
      status: 'pending',
      last_error: 'Timed out after 0.4 s',
      last_response_status: null,
    });
    expect(failed.last_latency_ms).toBeGreaterThanOrEqual(390);
    const delivered = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(delivered.attempts).toBe(3);
  });

  it('re-sending delivers the same event (same id, same body) again', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    await deposit(client);
    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');

    const resend = await client.request<Delivery>(
      'POST',
      `/api/v2/webhooks/deliveries/${delivery.id}/resend`,
    );
    expect(resend.status).toBe(202);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['payout-event-id']).toBe(first!.headers['payout-event-id']);
    expect(second!.body).toBe(first!.body);
    expect(verifyWebhook(second!.body, second!.headers['payout-signature'], endpoint.secret).id).toBe(
      delivery.event_id,
    );
    const after = await waitForDelivery(client, endpoint.id, (d) => d.attempts === 2);
    expect(after.status).toBe('succeeded');
  });

  it('delivers only the types an endpoint subscribes to, and only to enabled endpoints', async () => {
    const { client } = await setup();
    const all = await createEndpoint(client);
    const other = await startWebhookReceiver();
    try {
      const disabled = await client.request<Endpoint>('POST', '/api/v2/webhooks/endpoints', {
        body: { url: other.url, event_types: ['funding.deposit_credited'] },
      });
      await client.request('PATCH', `/api/v2/webhooks/endpoints/${disabled.data.id}`, {
        body: { enabled: false },
      });
      await deposit(client);
      await receiver.waitFor(1);
      await waitForDelivery(client, all.id, (d) => d.status === 'succeeded');
      expect(await deliveries(client, disabled.data.id)).toEqual([]);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('a test event goes to its endpoint only and is listed by the events API', async () => {
    const { client } = await setup();
    const first = await createEndpoint(client);
    const second = await startWebhookReceiver();
    try {
      await createEndpoint(client, { url: second.url });
      const sent = await client.request<Delivery>('POST', `/api/v2/webhooks/endpoints/${first.id}/test`);
      expect(sent.status).toBe(202);
      expect(sent.data).toMatchObject({
        event_type: 'webhook_endpoint.test',
        status: 'pending',
        attempts: 0,
      });

      const [request] = await receiver.waitFor(1);
      const event = verifyWebhook(request!.body, request!.headers['payout-signature'], first.secret);
      expect(event).toMatchObject({ id: sent.data.event_id, type: 'webhook_endpoint.test' });
      // The object is the endpoint in its API shape, never with its secret.
      expect(event.data.object).toMatchObject({ id: first.id, url: receiver.url, status: 'enabled' });
      expect(request!.body).not.toContain(first.secret);
      await waitForDelivery(client, first.id, (d) => d.status === 'succeeded');
      expect(second.requests).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('fan-out', () => {
  it("an event's deliveries commit with it: a rolled-back change sends nothing, a committed one reaches each subscribed endpoint once", async () => {
    const { org, client } = await setup();
    const first = await createEndpoint(client);
    const second = await createEndpoint(client, { event_types: ['funding.deposit_credited'] });
    const third = await createEndpoint(client, { event_types: ['batch.confirmed'] });
    class Rollback extends Error {}
    await expect(
      db().transaction(async (tx) => {
        await creditDeposit(tx, { orgId: org.orgId, amount: '7' });
        await creditDeposit(tx, { orgId: org.orgId, amount: '8' });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    await db().transaction(async (tx) => {
      await creditDeposit(tx, { orgId: org.orgId, amount: '5' });
      await creditDeposit(tx, { orgId: org.orgId, amount: '6' });
    });

    // Two events to each of the two subscribed endpoints; the rolled-back deposits never existed for anyone.
    const requests = await receiver.waitFor(4);
    const amountOf = (body: string) =>
      (JSON.parse(body) as { data: { object: { amount: string } } }).data.object.amount;
    expect(requests.map((r) => amountOf(r.body)).sort()).toEqual(['5.00', '5.00', '6.00', '6.00']);
    for (const endpoint of [first, second]) {
      const log = await waitForLog(client, endpoint.id, (all) => all.every((d) => d.status === 'succeeded'));
      expect(log.map((d) => [d.event_type, d.attempts])).toEqual(
        Array(2).fill(['funding.deposit_credited', 1]),
      );
    }
    expect(await deliveries(client, third.id)).toEqual([]);
  });
});

describe('isolation of slow endpoints', () => {
  it("a receiver that hangs holds at most its endpoint's slots; another organization's events still arrive at once", async () => {
    setDeliveryTimeoutForTests(8_000);
    const slow = await setup();
    const slowEndpoint = await createEndpoint(slow.client);
    receiver.fallback = 'hang';
    const fast = await setup();
    const fastReceiver = await startWebhookReceiver();
    try {
      await createEndpoint(fast.client, { url: fastReceiver.url });
      for (let i = 0; i < 6; i += 1) await deposit(slow.client, `${i + 1}.00`);
      // Both of the slow endpoint's slots are now waiting on it.
      await receiver.waitFor(2);

      const sentAt = Date.now();
      await deposit(fast.client);
      const [arrived] = await fastReceiver.waitFor(1, 10_000);
      expect(arrived!.receivedAt - sentAt).toBeLessThan(5_000);
      // WEBHOOK_ENDPOINT_CONCURRENCY (2): never more than that many requests in flight to the slow endpoint.
      expect(receiver.requests.length).toBeLessThanOrEqual(2);
      const log = await deliveries(slow.client, slowEndpoint.id);
      expect(log).toHaveLength(6);
    } finally {
      await fastReceiver.close();
    }
  });
});

describe('drains', () => {
  it('a running drain takes the deliveries committed meanwhile: each arrives once, at its first attempt', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    receiver.script({ status: 200, body: 'ok', delayMs: 400 });
    await deposit(client, '1.00');
    // The drain runs: its first attempt is held by the receiver.
    await receiver.waitFor(1);
    for (let i = 2; i <= 6; i += 1) await deposit(client, `${i}.00`);
    // (That these five events add no drain job is lib/webhooks/wake-drains.integration.test.ts's.)
    const requests = await receiver.waitFor(6);
    expect(new Set(requests.map((r) => r.headers['payout-event-id'])).size).toBe(6);
    const log = await waitForLog(client, endpoint.id, (all) => all.every((d) => d.status === 'succeeded'));
    expect(log.map((d) => [d.status, d.attempts])).toEqual(Array(6).fill(['succeeded', 1]));
  });

  it("a failing endpoint's retries do not hold up another organization's deliveries", async () => {
    const failing = await setup();
    await createEndpoint(failing.client);
    receiver.fallback = { status: 500, body: 'down' };
    const healthy = await setup();
    const other = await startWebhookReceiver();
    try {
      const endpoint = await createEndpoint(healthy.client, { url: other.url });
      for (let i = 1; i <= 5; i += 1) await deposit(failing.client, `${i}.00`);
      // Failures and retries (every 150–300 ms here) are under way.
      await receiver.waitFor(8);
      const sentAt = Date.now();
      for (let i = 1; i <= 3; i += 1) await deposit(healthy.client, `${i}.00`);
      const arrived = await other.waitFor(3, 5_000);
      expect(arrived[2]!.receivedAt - sentAt).toBeLessThan(2_000);
      const log = await deliveries(healthy.client, endpoint.id);
      expect(log).toHaveLength(3);
      // The failing endpoint is still being retried.
      expect(receiver.requests.length).toBeGreaterThan(8);
    } finally {
      await other.close();
    }
  });

  it('a drain about to leave stays for a delivery being committed at that moment', async () => {
    const { org, client } = await setup();
    const endpoint = await createEndpoint(client);
    await deposit(client, '1.00');
    await receiver.waitFor(1);
    // The drain now lingers with nothing due. This transaction adds a delivery and stays open past the linger (1 s),
    // so the drain tries to leave while it is uncommitted: it must not (the delivery would wait for the sweep).
    await db().transaction(async (tx) => {
      await creditDeposit(tx, { orgId: org.orgId, amount: '7' });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    const committedAt = Date.now();
    // Had the drain left, the delivery would wait for the sweep (each minute): it arrives at once instead.
    const requests = await receiver.waitFor(2, 5_000);
    expect(requests[1]!.receivedAt - committedAt).toBeLessThan(1_000);
    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(delivery.attempts).toBe(1);
  });

  it('a worker that dies mid-drain loses nothing: once its lease runs out, a new drain delivers what it held', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    // A second endpoint gets the same event in the same transaction: its arrival shows the workers have been through.
    const witness = await startWebhookReceiver();
    try {
      const witnessEndpoint = await createEndpoint(client, { url: witness.url });
      // Another worker's drain holds the endpoint (it may have claimed this delivery: claiming writes nothing)...
      expect(await takeLease(endpoint.id, 'a-worker-that-crashed', now())).toBe(true);
      await deposit(client);
      await witness.waitFor(1);
      await waitForDelivery(client, witnessEndpoint.id, (d) => d.status === 'succeeded');
      // ...so while its lease lasts nobody else sends it, the sweep included (it wakes no drain): the log shows it
      // due, never attempted.
      expect(await sweepDueDeliveries()).toBe(0);
      expect(receiver.requests).toEqual([]);
      expect((await deliveries(client, endpoint.id)).map((d) => [d.status, d.attempts])).toEqual([
        ['pending', 0],
      ]);
    } finally {
      await witness.close();
    }

    // The worker is gone: its lease runs out, and the sweep (each minute) wakes a drain.
    advanceClock(DRAIN_LEASE_MS + 1_000);
    await sweepDueDeliveries();
    const [request] = await receiver.waitFor(1);
    expect(verifyWebhook(request!.body, request!.headers['payout-signature'], endpoint.secret).type).toBe(
      'funding.deposit_credited',
    );
    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(delivery.attempts).toBe(1);
  });

  it('stopping the worker hands each endpoint over to a job: the rest arrives right after a restart, none twice', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    receiver.fallback = { status: 200, body: 'ok', delayMs: 150 };
    for (let i = 1; i <= 8; i += 1) await deposit(client, `${i}.00`);
    await receiver.waitFor(2);
    await worker.stop();
    const before = receiver.requests.length;
    expect(before).toBeLessThan(8);
    // What was sent before the stop is recorded: nothing is in flight or unrecorded.
    const logged = await deliveries(client, endpoint.id);
    expect(logged.filter((d) => d.status === 'succeeded')).toHaveLength(before);

    const restartedAt = Date.now();
    worker = await startTestWorker();
    const requests = await receiver.waitFor(8);
    // Handed over to a job, not left to the stopped worker's lease (30 s) and the sweep: the rest follows at once.
    expect(requests[7]!.receivedAt - restartedAt).toBeLessThan(DRAIN_LEASE_MS / 6);
    const log = await waitForLog(client, endpoint.id, (all) => all.every((d) => d.status === 'succeeded'));
    expect(log.map((d) => [d.status, d.attempts])).toEqual(Array(8).fill(['succeeded', 1]));
    expect(receiver.requests).toHaveLength(8);
    expect(new Set(receiver.requests.map((r) => r.headers['payout-event-id'])).size).toBe(8);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap, then with the new one only', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    const rotated = await client.request<Endpoint & { secret: string }>(
      'POST',
      `/api/v2/webhooks/endpoints/${endpoint.id}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.data.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(rotated.data.previous_secret_expires_at!);
    expect(Math.abs(expires - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);

    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const [during] = await receiver.waitFor(1);
    const header = String(during!.headers['payout-signature']);
    expect(parseWebhookSignatureHeader(header).signatures).toHaveLength(2);
    expect(verifyWebhook(during!.body, header, rotated.data.secret).id).toBeTruthy();
    expect(verifyWebhook(during!.body, header, endpoint.secret).id).toBeTruthy();
    await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');

    // A day later the old secret no longer signs.
    advanceClock(24 * 3_600_000 + 1_000);
    const second = await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    expect(second.status, JSON.stringify(second.data)).toBe(202);
    const [, after] = await receiver.waitFor(2);
    const afterHeader = String(after!.headers['payout-signature']);
    expect(parseWebhookSignatureHeader(afterHeader).signatures).toHaveLength(1);
    expect(verifyWebhook(after!.body, afterHeader, rotated.data.secret).id).toBeTruthy();
    expect(() => verifyWebhook(after!.body, afterHeader, endpoint.secret)).toThrow('No signature matches');
    const shown = await client.request<Endpoint>('GET', `/api/v2/webhooks/endpoints/${endpoint.id}`);
    expect(shown.data.previous_secret_expires_at).toBeNull();
  });

  it('can retire the old secret at once (a leaked secret)', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    const rotated = await client.request<Endpoint & { secret: string }>(
      'POST',
      `/api/v2/webhooks/endpoints/${endpoint.id}/rotate-secret`,
      { body: { previous_secret_valid_hours: 0 } },
    );
    expect(rotated.data.previous_secret_expires_at).toBeNull();
    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const [request] = await receiver.waitFor(1);
    expect(() =>
      verifyWebhook(request!.body, request!.headers['payout-signature'], endpoint.secret),
    ).toThrow();
    expect(
      verifyWebhook(request!.body, request!.headers['payout-signature'], rotated.data.secret).id,
    ).toBeTruthy();
  });

  it('stores secrets only encrypted', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.signingSecretEncrypted).not.toContain(endpoint.secret.slice(6));
    const listed = await client.request<{ items: Record<string, unknown>[] }>(
      'GET',
      '/api/v2/webhooks/endpoints',
    );
    expect(JSON.stringify(listed.data)).not.toContain(endpoint.secret);
    expect(listed.data.items[0]).not.toHaveProperty('secret');
  });
});

describe('the address rule', () => {
  async function refused(client: PayoutApiClient, url: string): Promise<string[]> {
    const response = await client.send('POST', '/api/v2/webhooks/endpoints', {
      body: { url, event_types: ['*'] },
    });
    expect(response.status).toBe(422);
    return ((await response.json()) as { message: string[] }).message;
  }

  it('refuses private, loopback, link-local and metadata addresses, and http, when private URLs are not allowed', async () => {
    allowPrivateUrls(false);
    const { client } = await setup();
    expect(await refused(client, 'https://127.0.0.1/hook')).toEqual([
      'url: must not point to a loopback address (127.0.0.1 resolves to 127.0.0.1)',
    ]);
    expect((await refused(client, 'https://10.0.0.8/hook'))[0]).toContain('a private network address');
    expect((await refused(client, 'https://169.254.169.254/latest'))[0]).toContain(
      'a cloud metadata address',
    );
    expect((await refused(client, 'https://[::ffff:192.168.1.1]/'))[0]).toContain(
      'a private network address',
    );
    expect(await refused(client, `http://${'example.com'}/hook`)).toEqual(['url: must be an https URL']);
    expect(await refused(client, receiver.url)).toEqual(['url: must be an https URL']);
  });

  it('refuses a name that resolves to a private address (localhost, and any name DNS points inside)', async () => {
    allowPrivateUrls(false);
    const { client } = await setup();
    expect((await refused(client, 'https://localhost/hook'))[0]).toMatch(
      /^url: must not point to a loopback address \(localhost resolves to/,
    );
    setResolverForTests(async (hostname) =>
      hostname === 'internal.example.com' ? [{ address: '172.20.1.5', family: 4 }] : [],
    );
    expect(await refused(client, 'https://internal.example.com/hook')).toEqual([
      'url: must not point to a private network address (internal.example.com resolves to 172.20.1.5)',
    ]);
  });

  it('checks again at delivery: a name re-pointed inside the network later is not called', async () => {
    allowPrivateUrls(false);
    const { client } = await setup();
    let answer = '93.184.215.14';
    setResolverForTests(async () => [{ address: answer, family: 4 }]);
    const endpoint = await createEndpoint(client, { url: 'https://rebinding.example.com/hook' });
    // DNS rebinding: the name now answers with the metadata address.
    answer = '169.254.169.254';
    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.attempts >= 1);
    expect(delivery).toMatchObject({
      status: 'pending',
      last_response_status: null,
      last_error:
        'Not sent: the URL must not point to a cloud metadata address (rebinding.example.com resolves to 169.254.169.254)',
    });
  });

  it('connects to the very address it checked, sending the original host name', async () => {
    let lookups = 0;
    setResolverForTests(async (hostname) => {
      // Other tests' retries may still be resolving their own names.
      if (hostname !== 'hooks.example.com') return [{ address: '203.0.113.1', family: 4 }];
      lookups += 1;
      // Only the first answer points at the receiver: a second lookup would send the request nowhere.
      return [{ address: lookups === 1 ? '127.0.0.1' : '203.0.113.1', family: 4 }];
    });
    const { client } = await setup();
    const endpoint = await createEndpoint(client, { url: `http://hooks.example.com:${receiver.port}/in` });
    lookups = 0;
    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const [request] = await receiver.waitFor(1);
    expect(request!.headers.host).toBe(`hooks.example.com:${receiver.port}`);
    expect(lookups).toBe(1);
  });

  it('an endpoint registered while private URLs were allowed is not called once they are not', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    allowPrivateUrls(false);
    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const delivery = await waitForDelivery(client, endpoint.id, (d) => d.attempts >= 1);
    expect(delivery.last_error).toBe('Not sent: the URL must be an https URL');
    expect(receiver.requests).toEqual([]);
  });
});

describe('giving up', () => {
  it('after the retry window the delivery fails, the endpoint is disabled with a reason, and can be re-enabled', async () => {
    setRetryScheduleForTests({ firstDelayMs: 100, maxDelayMs: 100, jitter: 0, windowMs: 350 });
    const { org, client } = await setup();
    await signIn(org.orgId, 'admin');
    await signIn(org.orgId, 'member');
    const endpoint = await createEndpoint(client);
    receiver.fallback = { status: 500, body: 'broken' };
    await deposit(client);

    const failed = await waitForDelivery(client, endpoint.id, (d) => d.status === 'failed');
    // How many attempts fit in the shortened window depends on the machine's load; at least one was made.
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed).toMatchObject({
      last_response_status: 500,
      last_response_body: 'broken',
      next_attempt_at: null,
    });

    const disabled = await client.request<Endpoint>('GET', `/api/v2/webhooks/endpoints/${endpoint.id}`);
    expect(disabled.data.status).toBe('disabled');
    expect(disabled.data.disabled_reason).toMatch(
      /^Disabled automatically: deliveries failed for 3 days \(last attempt: HTTP 500\)/,
    );
    // Its admins (and only they) are told by email too (the deposit's own notices aside).
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.orgId, org.orgId), eq(emailOutbox.kind, 'notification_webhook_endpoint_disabled')),
      );
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([
      [expect.stringMatching(/^webhook-person\d+@example\.com$/), 'A webhook endpoint was disabled'],
    ]);
    expect(mail[0]!.textBody).toContain(endpoint.url);

    // While disabled nothing is sent, and a re-send or test is refused with the reason.
    const resend = await client.send('POST', `/api/v2/webhooks/deliveries/${failed.id}/resend`);
    expect(resend.status).toBe(409);
    expect(await resend.json()).toMatchObject({
      message: 'The endpoint is disabled: re-enable it to re-send deliveries',
    });

    receiver.fallback = { status: 200, body: 'fixed' };
    const enabled = await client.request<Endpoint>('PATCH', `/api/v2/webhooks/endpoints/${endpoint.id}`, {
      body: { enabled: true },
    });
    expect(enabled.data).toMatchObject({ status: 'enabled', disabled_reason: null });
    const seen = receiver.requests.length;
    await client.request('POST', `/api/v2/webhooks/deliveries/${failed.id}/resend`);
    await receiver.waitFor(seen + 1);
    const resent = await waitForDelivery(client, endpoint.id, (d) => d.status === 'succeeded');
    expect(resent.last_response_body).toBe('fixed');
  });
});

describe('endpoint management', () => {
  it('creates, lists, reads, changes and deletes', async () => {
    const { client } = await setup();
    const created = await createEndpoint(client, {
      event_types: ['funding.deposit_credited'],
      description: 'Main',
    });
    expect(created).toMatchObject({
      status: 'enabled',
      event_types: ['funding.deposit_credited'],
      disabled_reason: null,
    });

    const list = await client.request<{ items: Endpoint[]; meta: { total: number } }>(
      'GET',
      '/api/v2/webhooks/endpoints',
    );
    expect(list.data.meta.total).toBe(1);
    expect(list.data.items[0]!.id).toBe(created.id);

    const changed = await client.request<Endpoint & { description: string }>(
      'PATCH',
      `/api/v2/webhooks/endpoints/${created.id}`,
      { body: { event_types: ['*'], description: 'Renamed', enabled: false } },
    );
    expect(changed.data).toMatchObject({
      event_types: ['*'],
      description: 'Renamed',
      status: 'disabled',
      disabled_reason: 'Disabled by your organization',
    });

    const deleted = await client.request('DELETE', `/api/v2/webhooks/endpoints/${created.id}`);
    expect(deleted.data).toEqual({ id: created.id, deleted: true });
    expect((await client.send('GET', `/api/v2/webhooks/endpoints/${created.id}`)).status).toBe(404);
  });

  it.each([
    [
      { url: 'https://example.com', event_types: [] },
      'event_types: must name at least one event type, or "*" for all',
    ],
    [
      { url: 'https://example.com', event_types: ['order.exploded'] },
      'event_types.0: must be "*" or a public event type',
    ],
    [
      { url: 'https://example.com', event_types: ['*', 'funding.deposit_credited'] },
      'event_types: must be ["*"] alone',
    ],
    [{ event_types: ['*'] }, 'url: is required'],
  ])('refuses %j with a 422 naming the field', async (body, message) => {
    const { client } = await setup();
    const response = await client.send('POST', '/api/v2/webhooks/endpoints', { body });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string[] }).message.join('\n')).toContain(message);
  });

  it('a member API key may not manage endpoints; an approver key may', async () => {
    const org = await createTestOrganization({ role: 'member' });
    const member = apiClient(org.credentials);
    expect((await member.send('GET', '/api/v2/webhooks/endpoints')).status).toBe(403);
    // Any member and key reads events.
    expect((await member.send('GET', '/api/v2/events')).status).toBe(200);
  });

  it('in the portal only admins manage endpoints', async () => {
    const org = await createTestOrganization();
    for (const [role, status] of [
      ['approver', 403],
      ['admin', 201],
    ] as const) {
      const cookie = await signIn(org.orgId, role);
      const response = await routeFetch(`${TEST_BASE_URL}/api/v2/webhooks/endpoints`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: TEST_BASE_URL },
        body: JSON.stringify({ url: receiver.url, event_types: ['*'] }),
      });
      expect(response.status).toBe(status);
    }
  });
});

describe('events API', () => {
  it('lists public events newest first with type and time filters, never internal ones', async () => {
    const { client } = await setup();
    const endpoint = await createEndpoint(client);
    const firstDeposit = await deposit(client, '10.00');
    const between = now().toISOString();
    // The second deposit is stamped strictly after `between` (events take the app's clock).
    advanceClock(1);
    const secondDeposit = await deposit(client, '20.00');
    await client.request('POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`);

    const all = await client.request<{ items: WebhookEvent[]; meta: { total: number } }>(
      'GET',
      '/api/v2/events',
    );
    expect(all.data.items.map((e) => e.type)).toEqual([
      'webhook_endpoint.test',
      'funding.deposit_credited',
      'funding.deposit_credited',
    ]);
    // webhook_endpoint.created is audit-only.
    expect(all.data.meta.total).toBe(3);

    const deposits = await client.request<{ items: WebhookEvent[] }>(
      'GET',
      '/api/v2/events?type=funding.deposit_credited&limit=1&page=2',
    );
    expect(deposits.data.items.map((e) => e.data.object.id)).toEqual([firstDeposit]);
    const later = await client.request<{ items: WebhookEvent[] }>(
      'GET',
      `/api/v2/events?type=funding.deposit_credited&created_from=${encodeURIComponent(between)}`,
    );
    expect(later.data.items.map((e) => e.data.object.id)).toEqual([secondDeposit]);
    const earlier = await client.request<{ items: WebhookEvent[] }>(
      'GET',
      `/api/v2/events?created_to=${encodeURIComponent(between)}`,
    );
    expect(earlier.data.items.map((e) => e.data.object.id)).toEqual([firstDeposit]);

    const unknown = await client.send('GET', '/api/v2/events?type=webhook_endpoint.created');
    expect(unknown.status).toBe(422);
  });
});

describe('isolation', () => {
  it("another organization's endpoints, deliveries and events are 404 and never listed", async () => {
    const mine = await setup();
    const endpoint = await createEndpoint(mine.client);
    await deposit(mine.client);
    const delivery = await waitForDelivery(mine.client, endpoint.id, (d) => d.status === 'succeeded');

    const theirs = await setup();
    const other = theirs.client;
    for (const [method, path] of [
      ['GET', `/api/v2/webhooks/endpoints/${endpoint.id}`],
      ['PATCH', `/api/v2/webhooks/endpoints/${endpoint.id}`],
      ['DELETE', `/api/v2/webhooks/endpoints/${endpoint.id}`],
      ['POST', `/api/v2/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ['POST', `/api/v2/webhooks/endpoints/${endpoint.id}/test`],
      ['GET', `/api/v2/webhooks/endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/v2/webhooks/deliveries/${delivery.id}/resend`],
      ['GET', `/api/v2/events/${delivery.event_id}`],
    ] as const) {
      const response = await other.send(method, path, method === 'PATCH' ? { body: { enabled: false } } : {});
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await other.request<{ items: unknown[] }>('GET', '/api/v2/webhooks/endpoints')).data.items,
    ).toEqual([]);
    expect((await other.request<{ items: unknown[] }>('GET', '/api/v2/events')).data.items).toEqual([]);
    // Nothing of theirs changed ours.
    const still = await mine.client.request<Endpoint>('GET', `/api/v2/webhooks/endpoints/${endpoint.id}`);
    expect(still.data.status).toBe('enabled');
    expect(receiver.requests).toHaveLength(1);
  });
});

let people = 0;

async function signIn(orgId: string, role: 'member' | 'approver' | 'admin'): Promise<string> {
  people += 1;
  const email = `webhook-person${people}@example.com`;
  const user = await createUser(db(), {
    email,
    name: `Person ${people}`,
    password: 'correct horse battery staple',
  });
  await addMembership(db(), { orgId, userId: user.id, role });
  const verified = await verifyCredentials(db(), email, 'correct horse battery staple');
  const sessionId = await createUserSession(db(), verified!);
  const token = await encode({ token: { sid: sessionId, uid: user.id, email }, secret: TEST_AUTH_SECRET });
  return `${SESSION_COOKIE_NAME}=${token}`;
}
