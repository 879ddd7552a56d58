// The committing side of the drain protocol (webhook_wake_drains and webhook_enqueue_event, db/functions/webhooks.sql,
// rendered with lib/platform/webhook-delivery/drain-protocol.ts): what an event's transaction writes and which drain jobs it adds. No
// worker runs here, so the jobs stay queued and are read through graphile-worker's public jobs view.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { db } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { advanceClock, now, resetClock } from '@/lib/platform/clock';
import { typedRows } from '@/lib/platform/db/typed-rows';
import { resetEnvCache } from '@/lib/platform/env';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization, createWebhookEndpoint } from '@/test/fixtures';
import { queuedJobs } from '@/test/support/queued-jobs';
import { DRAIN_LEASE_MS, DRAIN_TASK, drainJobKey, MAX_FAN_OUT } from './drain-protocol';
import { MAX_ENDPOINTS_PER_ORGANIZATION } from './endpoint-limit';
import { takeLease } from './lease';

await useTestDatabase();

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  resetEnvCache();
});

afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
  resetClock();
});

async function organizationWithEndpoints(eventTypes: string[][]) {
  const org = await createTestOrganization();
  const endpoints: string[] = [];
  for (const types of eventTypes) {
    endpoints.push(await createWebhookEndpoint(org.credentials, 'http://127.0.0.1:9/webhooks', types));
  }
  return { org, endpoints };
}

const drainJobs = async (endpointId: string) =>
  (await queuedJobs({ taskIdentifier: DRAIN_TASK })).filter((job) => job.key === drainJobKey(endpointId));

async function deliveriesOf(orgId: string) {
  return typedRows(
    db(),
    z.object({ id: z.string(), endpoint_id: z.string() }),
    sql`select id, endpoint_id from webhook_deliveries where org_id = ${orgId}`,
  );
}

describe("an event's transaction", () => {
  it("writes a delivery to each subscribed endpoint and wakes each endpoint's drain once, whatever the number of events; a rollback leaves neither", async () => {
    const { org, endpoints } = await organizationWithEndpoints([
      ['*'],
      ['funding.deposit_credited'],
      ['batch.confirmed'],
    ]);
    const [first, second] = endpoints as [string, string, string];
    class Rollback extends Error {}
    let seen: { endpoint: string; drains: number }[] = [];
    await expect(
      db().transaction(async (tx) => {
        await creditDeposit(tx, { orgId: org.orgId, amount: '5' });
        await creditDeposit(tx, { orgId: org.orgId, amount: '6' });
        seen = (
          await tx.execute<{ endpoint: string; drains: number }>(sql`
            select d.endpoint_id as endpoint, (select count(*)::int from graphile_worker.jobs j
              where j.task_identifier = ${DRAIN_TASK} and j.key = ${DRAIN_TASK} || ':' || d.endpoint_id) as drains
            from webhook_deliveries d
            where d.org_id = ${org.orgId}`)
        ).map((row) => ({ ...row }));
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    // Two events to each of the two subscribed endpoints, and one drain job per endpoint.
    expect(seen.map((row) => row.endpoint).sort()).toEqual([first, first, second, second].sort());
    for (const row of seen) expect(row.drains).toBe(1);
    expect(await deliveriesOf(org.orgId)).toEqual([]);
    expect([...(await drainJobs(first)), ...(await drainJobs(second))]).toEqual([]);
  });

  it("adds no job while a drain holds the endpoint, and one once that drain's lease has run out", async () => {
    const { org, endpoints } = await organizationWithEndpoints([['*']]);
    const [endpoint] = endpoints as [string];
    expect(await takeLease(endpoint, 'a-running-drain', now())).toBe(true);
    for (const amount of ['1', '2', '3']) await creditDeposit(db(), { orgId: org.orgId, amount });
    expect(await deliveriesOf(org.orgId)).toHaveLength(3);
    expect(await drainJobs(endpoint)).toEqual([]);

    // That drain's worker died: its lease runs out, and the next event's transaction wakes a new drain.
    advanceClock(DRAIN_LEASE_MS + 1_000);
    await creditDeposit(db(), { orgId: org.orgId, amount: '4' });
    await creditDeposit(db(), { orgId: org.orgId, amount: '5' });
    expect(await drainJobs(endpoint)).toHaveLength(1);
    resetClock();
  });

  it('fans out to MAX_FAN_OUT endpoints at most (the endpoint limit), each delivery with its own id', async () => {
    expect(MAX_FAN_OUT).toBe(MAX_ENDPOINTS_PER_ORGANIZATION);
    const { org, endpoints } = await organizationWithEndpoints(
      Array.from({ length: MAX_ENDPOINTS_PER_ORGANIZATION }, () => ['*']),
    );
    // One more than the API allows (an endpoint made before the limit, say): the fan-out still stops at the limit.
    await db().execute(sql`
      insert into webhook_endpoints (id, org_id, url, signing_secret_encrypted, event_types, created_at, updated_at)
      select gen_random_uuid(), org_id, url, signing_secret_encrypted, event_types, now() + interval '1 hour',
        now() + interval '1 hour'
      from webhook_endpoints where id = ${endpoints[0]!}`);
    await creditDeposit(db(), { orgId: org.orgId, amount: '1' });
    const made = await deliveriesOf(org.orgId);
    expect(made).toHaveLength(MAX_FAN_OUT);
    expect(new Set(made.map((d) => d.id)).size).toBe(MAX_FAN_OUT);
    expect(new Set(made.map((d) => d.endpoint_id))).toEqual(new Set(endpoints));
  });
});
