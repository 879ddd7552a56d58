// A state-changing token stays single-use for as long as it can verify, even after the purge job has run.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { purgeExpired } from '@/lib/platform/jobs/purge-expired-task';
import { apiClient, capturingClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

afterEach(() => resetClock());

describe('used tokens', () => {
  it('a token replayed after its exp but within the clock tolerance is refused even after a purge', async () => {
    const org = await createTestOrganization();
    const capture = capturingClient(org.credentials);
    const capturing = capture.client;
    const first = await capturing.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '7' },
      idempotencyKey: 'once',
    });
    expect(first.status).toBe(201);

    // The client's tokens live 60 s; 20 s past exp the 30 s tolerance still accepts the signature.
    advanceClock(80_000);
    await purgeExpired(db());
    const replay = await routeFetch(`${TEST_BASE_URL}/api/v2/sandbox/deposits`, {
      ...capture.last,
      headers: { ...(capture.last!.headers as Record<string, string>), 'idempotency-key': 'another' },
    });
    expect(replay.status).toBe(401);
    const client = apiClient(org.credentials);
    expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
      available: '7.00',
    });
  });
});
