// Tests GET /api/health/ready through its real handler on the test PostgreSQL: ready only with the database up, the
// journal's migrations applied and a recent worker heartbeat; otherwise 503 naming the failed check. Each adapter's
// cached probe is listed beside (adapter-readiness.integration.test.ts covers the probes), never deciding the status.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, sqlClient } from '@/db/client';
import { defaultMigrationsFolder, readJournal } from '@/db/migrate';
import { resetEnvCache } from '@/lib/platform/env';
import { checkReadiness } from '@/lib/platform/health/check-readiness';
import { startHeartbeat } from '@/lib/platform/jobs/heartbeat';
import { useTestDatabase } from '@/test/db';
import { GET, OPTIONS, POST } from './route';

const testDb = await useTestDatabase();

/** Before the probe job's first run each adapter says so, naming the implementation configured (the sandbox here). */
const NEVER_PROBED = Object.fromEntries(
  ['custody', 'kyc', 'email', 'rates', 'payout-rail'].map((name) => [
    name,
    { implementation: 'sandbox', state: 'not_checked', checked_at: null },
  ]),
);

const probe = (init: RequestInit = {}) =>
  new Request('http://localhost/api/health/ready', {
    ...init,
    headers: { 'x-request-id': 'ready-1', ...init.headers },
  });

describe('GET /api/health/ready', () => {
  afterEach(async () => {
    process.env.DATABASE_URL = testDb.url;
    resetEnvCache();
    await closeDb();
    await sqlClient()`delete from worker_heartbeats`;
  });

  it('is ready, without credentials, while a worker beats its heartbeat', async () => {
    const heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000 });
    try {
      const response = await GET(probe());
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toBe('ready-1');
      expect(await response.json()).toEqual({ status: 'ready', adapters: NEVER_PROBED });
    } finally {
      await heartbeat.stop();
    }
  });

  it('is not ready, naming the worker, when no worker has beaten recently or the only one stopped', async () => {
    // No worker ever started.
    let response = await GET(probe());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'ok', worker: 'failed' },
      adapters: NEVER_PROBED,
    });

    // A worker that died without saying so: its row stays, 10 minutes old (window: 3 × 10 s by default).
    await sqlClient()`insert into worker_heartbeats values ('dead-host:1:abc', now() - interval '10 minutes')`;
    response = await GET(probe());
    expect(response.status).toBe(503);
    expect((await response.json()).checks.worker).toBe('failed');

    // A worker that stopped cleanly takes its row with it.
    const heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000 });
    expect((await GET(probe())).status).toBe(200);
    await heartbeat.stop();
    response = await GET(probe());
    expect(response.status).toBe(503);
    expect((await response.json()).checks.worker).toBe('failed');
  });

  it('is not ready, naming the migrations, when the journal holds one the database has not applied', async () => {
    // The deployed code's journal, one migration ahead of this database (as when new code starts before its migrate
    // step ran): the same files, plus an entry newer than every applied one.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ready-journal-'));
    fs.cpSync(defaultMigrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
    const last = readJournal().at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_not_applied' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000 });
    try {
      expect(await checkReadiness({ migrationsFolder: folder })).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'failed', worker: 'ok' },
        adapters: NEVER_PROBED,
      });
      // The same database against the journal as shipped is ready.
      expect(await checkReadiness()).toEqual({ status: 'ready', adapters: NEVER_PROBED });
    } finally {
      await heartbeat.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the database, without a stack, SQL or address, when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    process.env.DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/payout';
    resetEnvCache();
    await closeDb();

    const response = await GET(probe());
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: 'not_ready',
      checks: { database: 'failed', migrations: 'skipped', worker: 'skipped' },
    });
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|select|nobody/i);
  });

  it('answers OPTIONS with its methods and refuses others with 405', async () => {
    const options = await OPTIONS(probe({ method: 'OPTIONS' }), { params: Promise.resolve({}) });
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const post = await POST(probe({ method: 'POST' }), { params: Promise.resolve({}) });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
