// The drain loop of one worker process (Pump) against a real database and a real receiver: interleavings of the loop
// letting an endpoint go and a drain job handing it back, which under load decide whether a delivery waits for a
// lease to run out (30 s) and the minute's sweep, or goes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { resetEnvCache } from '@/lib/platform/env';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization, createWebhookEndpoint } from '@/test/fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '@/test/support/webhook-receiver';
import * as lease from './lease';
import { type LeaseStatements, Pump } from './pump';
import { Slots } from './slots';

await useTestDatabase();

let receiver: WebhookReceiver;
beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  resetEnvCache();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
  await receiver.close();
});

describe('a worker process draining an endpoint', () => {
  it('keeps draining an endpoint a job hands back while the loop is letting it go, so the next event goes out at once', async () => {
    const org = await createTestOrganization();
    const endpointId = await createWebhookEndpoint(org.credentials, receiver.url, [
      'funding.deposit_credited',
    ]);

    // The interleaving seen under load: the loop decides the idle endpoint may go; meanwhile a drain job in this
    // process adopts it (its lease statement is still on its way); the loop lets it go; then the job's lease lands.
    let releaseTake: () => void = () => {};
    let takeGate: Promise<void> = Promise.resolve();
    let handedBack: Promise<boolean> | undefined;
    const statements: LeaseStatements = {
      ...lease,
      takeLease: async (...args) => {
        await takeGate;
        return lease.takeLease(...args);
      },
      leaveIfIdle: async (...args) => {
        if (!handedBack) {
          takeGate = new Promise((resolve) => {
            releaseTake = resolve;
          });
          handedBack = pump.adopt(endpointId);
        }
        const result = await lease.leaveIfIdle(...args);
        releaseTake();
        return result;
      },
    };
    const pump = new Pump(new Slots(4), 2, 10_000, statements);
    try {
      expect(await pump.adopt(endpointId)).toBe(true);
      // The loop lets the idle endpoint go after a second; the job's adopt is what it raced with.
      await expect.poll(() => handedBack !== undefined, { timeout: 5_000 }).toBe(true);
      expect(await handedBack).toBe(true);

      // This process holds the endpoint's lease, so the event's transaction adds no job: only a live drain sends it.
      await creditDeposit(db(), { orgId: org.orgId, amount: '7' });
      const [request] = await receiver.waitFor(1, 5_000);
      expect(JSON.parse(request!.body)).toMatchObject({ type: 'funding.deposit_credited' });
    } finally {
      await pump.stop();
    }
  });
});
