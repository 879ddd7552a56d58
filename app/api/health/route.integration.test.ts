// Tests GET /api/health through its real handler: ok with migration state on a live database, a bare 503 without one.
import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/client';
import { readJournal } from '@/db/migrate';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession } from '@/lib/identity/server/auth/user-sessions';
import { createUser } from '@/lib/identity/server/auth/users';
import { resetEnvCache } from '@/lib/platform/env';
import { TEST_AUTH_SECRET, useTestDatabase } from '@/test/db';
import { GET } from './route';

const testDb = await useTestDatabase();

describe('GET /api/health', () => {
  afterEach(async () => {
    process.env.DATABASE_URL = testDb.url;
    resetEnvCache();
    await closeDb();
  });

  async function cookieOf(staff: boolean): Promise<string> {
    const user = await createUser(db(), {
      email: `health-${staff ? 'staff' : 'client'}-${Math.random()}@example.com`,
      name: 'Health',
      passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
      staffRole: staff ? 'support' : undefined,
    });
    const sessionId = await createUserSession(db(), {
      id: user.id,
      email: user.email,
      name: 'Health',
      staffRole: staff ? 'support' : null,
    });
    const token = await encode({ token: { sid: sessionId, uid: user.id }, secret: TEST_AUTH_SECRET });
    return `${SESSION_COOKIE_NAME}=${token}`;
  }

  it('tells an anonymous caller (or a client user) only that the service is up', async () => {
    for (const headers of [{}, { cookie: await cookieOf(false) }] as Record<string, string>[]) {
      const response = await GET(new Request('http://localhost/api/health', { headers }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });

  it('gives signed-in staff the database latency and migrations matching the journal', async () => {
    const response = await GET(
      new Request('http://localhost/api/health', {
        headers: { 'x-request-id': 'probe-1', cookie: await cookieOf(true) },
      }),
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
    expect(JSON.parse(text)).toEqual({ status: 'unavailable' });
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|select/i);
  });
});
