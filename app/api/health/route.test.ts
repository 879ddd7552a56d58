// Tests GET /api/health through its real handler: ok with migration state on a live database, a bare 503 without one.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/client';
import { readJournal } from '@/db/migrate';
import { resetEnvCache } from '@/lib/env';
import { useTestDatabase } from '@/test/db';
import { GET } from './route';

const testDb = await useTestDatabase();

describe('GET /api/health', () => {
  afterEach(async () => {
    process.env.DATABASE_URL = testDb.url;
    resetEnvCache();
    await closeDb();
  });

  it('answers 200 with the database latency and migrations matching the journal', async () => {
    const response = await GET(
      new Request('http://localhost/api/health', { headers: { 'x-request-id': 'probe-1' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBe('probe-1');
    const body = await response.json();
    const journal = readJournal();
    expect(body).toMatchObject({
      status: 'ok',
      database: { reachable: true },
      migrations: { applied: journal.length, pending: 0, latest: journal.at(-1)?.tag ?? null },
      app_env: 'sandbox',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 without a stack, SQL or address when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    process.env.DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/payout';
    resetEnvCache();
    await closeDb();

    const response = await GET(
      new Request('http://localhost/api/health', { headers: { 'x-request-id': 'probe-1' } }),
    );
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 'unavailable', database: { reachable: false } });
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|select/i);
  });
});
