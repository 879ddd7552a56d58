// Test events and re-sends are bounded per endpoint and per organization (no worker runs here: nothing is sent,
// only what the API accepts is counted), so nobody can use the platform to flood a host.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutApiClient } from '@/lib/platform/client/client';
import { advanceClock, freezeClock, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { MANUAL_SEND_WINDOW_SECONDS } from '@/lib/webhooks/server/manual-send-limit';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

beforeEach(() => {
  Object.assign(process.env, {
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_MANUAL_SENDS_PER_ENDPOINT: '3',
    WEBHOOK_MANUAL_SENDS_PER_ORGANIZATION: '5',
  });
  resetEnvCache();
  // The middle of a window, held still, so a slow run never crosses into a fresh one.
  const start = Math.floor(Date.now() / 1000 / MANUAL_SEND_WINDOW_SECONDS) * MANUAL_SEND_WINDOW_SECONDS;
  freezeClock(new Date((start + 30) * 1000));
});

afterEach(() => {
  resetClock();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  delete process.env.WEBHOOK_MANUAL_SENDS_PER_ENDPOINT;
  delete process.env.WEBHOOK_MANUAL_SENDS_PER_ORGANIZATION;
  resetEnvCache();
});

async function endpoint(client: PayoutApiClient): Promise<string> {
  const created = await client.request<{ id: string }>('POST', '/api/v2/webhooks/endpoints', {
    body: { url: 'http://127.0.0.1:9/hook', event_types: ['*'] },
  });
  expect(created.status).toBe(201);
  return created.data.id;
}

const sendTest = (client: PayoutApiClient, endpointId: string) =>
  client.send('POST', `/api/v2/webhooks/endpoints/${endpointId}/test`);

describe('manual webhook sends', () => {
  it('past the per-endpoint limit a test event is 429 with Retry-After; another endpoint still works', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const client = apiClient(org.credentials);
    const first = await endpoint(client);
    const second = await endpoint(client);
    for (let i = 0; i < 3; i += 1) expect((await sendTest(client, first)).status).toBe(202);
    const refused = await sendTest(client, first);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'webhook_send_limit' });
    expect((await sendTest(client, second)).status).toBe(202);
  });

  it('re-sends count too, and the organization has its own bound over all its endpoints', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const client = apiClient(org.credentials);
    const ids = [await endpoint(client), await endpoint(client), await endpoint(client)];
    const delivery = (await (await sendTest(client, ids[0]!)).json()) as { id: string };
    expect((await client.send('POST', `/api/v2/webhooks/deliveries/${delivery.id}/resend`)).status).toBe(202);
    expect((await sendTest(client, ids[1]!)).status).toBe(202);
    expect((await sendTest(client, ids[1]!)).status).toBe(202);
    expect((await sendTest(client, ids[2]!)).status).toBe(202);
    // Five in this minute: the sixth, to an endpoint that has had only one, is refused for the organization.
    const refused = await client.send('POST', `/api/v2/webhooks/deliveries/${delivery.id}/resend`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'webhook_send_limit' });

    // Another organization is not affected; the next window starts afresh.
    const other = await createTestOrganization({ role: 'approver' });
    const otherClient = apiClient(other.credentials);
    expect((await sendTest(otherClient, await endpoint(otherClient))).status).toBe(202);
    advanceClock(MANUAL_SEND_WINDOW_SECONDS * 1000);
    expect((await client.send('POST', `/api/v2/webhooks/deliveries/${delivery.id}/resend`)).status).toBe(202);
  });
});
