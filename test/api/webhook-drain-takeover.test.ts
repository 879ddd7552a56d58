// A worker killed while it drained an endpoint: its lease (DRAIN_LEASE_MS) still names it, so events committed
// meanwhile add no drain job. Once the lease has run out, a live worker takes the endpoint over at its next heartbeat,
// not at the minute's sweep: what an integrator sees is the delivery arriving seconds, not a minute, after the lease.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { resetEnvCache } from '@/lib/platform/env';
import { startWorker, type WorkerHandle } from '@/lib/platform/jobs/runner';
import { DRAIN_LEASE_MS } from '@/lib/platform/webhook-delivery/drain-protocol';
import { takeLease } from '@/lib/platform/webhook-delivery/lease';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization, createWebhookEndpoint } from '@/test/fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '@/test/support/webhook-receiver';

const testDb = await useTestDatabase();
let receiver: WebhookReceiver;
let worker: WorkerHandle | undefined;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  resetEnvCache();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await worker?.stop();
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
});

it("a dead worker's endpoint is drained again within a heartbeat of its lease running out", async () => {
  const org = await createTestOrganization();
  const endpointId = await createWebhookEndpoint(org.credentials, receiver.url, ['funding.deposit_credited']);
  // The killed worker's lease: taken long enough ago that it runs out two seconds from now.
  const leaseEndsAt = Date.now() + 2_000;
  expect(await takeLease(endpointId, 'host:4242:killed', new Date(leaseEndsAt - DRAIN_LEASE_MS))).toBe(true);
  await creditDeposit(db(), { orgId: org.orgId, amount: '9' });

  worker = await startWorker({
    connectionString: testDb.url,
    concurrency: 1,
    pollInterval: 100,
    webhookConcurrency: 2,
    heartbeatSeconds: 1,
  });
  const [request] = await receiver.waitFor(1, 15_000);
  expect(JSON.parse(request!.body)).toMatchObject({ type: 'funding.deposit_credited' });
  // Not before the lease ran out (the dead worker could still have been sending), and well before the minute's sweep.
  expect(request!.receivedAt).toBeGreaterThanOrEqual(leaseEndsAt);
  expect(request!.receivedAt - leaseEndsAt).toBeLessThan(10_000);
});
