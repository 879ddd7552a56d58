// What an integrator sees while the database cannot be reached (a restart, a failover, a pooler refusing logins):
// 503 with Retry-After in the path's envelope, never a 500 or the driver's words, and a retry with the same
// Idempotency-Key once it is back runs the operation exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection } from '@/db/client';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

// db/client.ts keeps the process's pool here; pointing it at a port nobody listens on is a database that is away.
const holder = globalThis as unknown as { __payoutDb?: ReturnType<typeof createConnection> };
let restore: (() => Promise<void>) | undefined;

function takeDatabaseAway(): void {
  const live = holder.__payoutDb;
  const away = createConnection('postgres://payout:secret@127.0.0.1:9/payout', 2);
  holder.__payoutDb = away;
  restore = async () => {
    holder.__payoutDb = live;
    await away.sql.end({ timeout: 1 });
  };
}

afterEach(async () => {
  await restore?.();
  restore = undefined;
});

describe('while the database is away', () => {
  it('a read answers 503 upstream_dependency_error with Retry-After, and 200 once it is back', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);

    takeDatabaseAway();
    const away = await client.send('GET', '/api/v2/funding/balance');
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('2');
    const text = await away.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 503,
      code: 'upstream_dependency_error',
      message: 'Service temporarily unavailable; retry in 2 seconds',
    });
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);

    await restore!();
    restore = undefined;
    expect((await client.request('GET', '/api/v2/funding/balance')).status).toBe(200);
  });

  it('answers in the liquidity envelope on liquidity paths', async () => {
    const org = await createTestOrganization();
    takeDatabaseAway();
    const away = await apiClient(org.credentials).send('GET', '/api/v2/liquidity/management/chains');
    expect(away.status).toBe(503);
    expect(((await away.json()) as { error: unknown }).error).toEqual({
      type: 'api_error',
      code: 'upstream_dependency_error',
      message: 'Service temporarily unavailable; retry in 2 seconds',
    });
  });

  it('a POST refused while it was away runs once when retried with its Idempotency-Key', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const deposit = { body: { amount: '125.50' }, idempotencyKey: 'deposit-during-outage' };

    takeDatabaseAway();
    expect((await client.send('POST', '/api/v2/sandbox/deposits', deposit)).status).toBe(503);
    await restore!();
    restore = undefined;

    const first = await client.request('POST', '/api/v2/sandbox/deposits', deposit);
    const again = await client.request('POST', '/api/v2/sandbox/deposits', deposit);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const balance = await client.request<{ available: string }>('GET', '/api/v2/funding/balance');
    expect(balance.data.available).toBe('125.50');
  });
});
