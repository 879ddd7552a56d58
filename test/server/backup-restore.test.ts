// Issue #33 §4: an online physical backup of the embedded database (demo data, written to while the backup runs),
// restored into a fresh data directory: PostgreSQL recovers from it, the ledger balances, and the built app serves it
// — ready, and answering a signed call with the key and secrets that were in the backup.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { closeDb, db } from '@/db/client';
import { migrateFromEnv } from '@/db/migrate';
import { seedDemoData } from '@/lib/app/seed';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { getBalance } from '@/lib/ledger/server/balances';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { resetEnvCache } from '@/lib/platform/env';
import { backupEmbedded, restoreEmbedded } from '@/lib/platform/ops/embedded-backup';
import { addApiKey } from '@/test/fixtures';
import { startEmbeddedDatabase } from '../../scripts/embedded-db.mjs';
import { ledgerInvariants } from '../payouts-fixtures';
import { type RunningServer, startServer } from './servers';

// The demo logins' scrypt hashes (128 MiB each, by design) are most of the seed's time and no part of what a backup
// proves: nobody signs in here, so they get a fixed hash.
vi.mock('@/lib/identity/server/auth/password-hash', async (original) => ({
  ...(await original<typeof import('@/lib/identity/server/auth/password-hash')>()),
  hashPassword: async () => 'scrypt$1024$8$1$c2FsdA$aGFzaA',
}));

const root = path.resolve(import.meta.dirname, '..', '..');
const base = path.join(root, '.test-data', `backup-${randomBytes(4).toString('hex')}`);
const sourceDir = path.join(base, 'source');
const backupDir = path.join(base, 'backup');
const restoredDir = path.join(base, 'restored');
const stops: (() => Promise<void>)[] = [];
const savedEnv = { ...process.env };

afterAll(async () => {
  await closeDb();
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  process.env = savedEnv;
  resetEnvCache();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Points this process's pool at an embedded cluster's app role, with that cluster's secrets. */
async function useCluster(env: {
  DATABASE_URL: string;
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
}): Promise<void> {
  await closeDb();
  Object.assign(process.env, env);
  resetEnvCache();
}

async function depositCount(): Promise<number> {
  const [row] = await db().execute<{ n: number }>(sql`select count(*)::int as n from deposits`);
  return row!.n;
}

it('restores an online backup of the demo data into a fresh directory that recovers, balances and serves', async () => {
  const startedAt = Date.now();
  const source = await startEmbeddedDatabase({ dir: sourceDir, settings: { fsync: 'off' } });
  stops.push(source.stop);
  await migrateFromEnv({ ...source.env });
  await useCluster(source.env);
  const demo = await seedDemoData();
  const key = await addApiKey(demo.second_org_id, { role: 'member' });
  const secondBalance = await getBalance(db(), demo.second_org_id);
  const depositsBefore = await depositCount();

  // Online: deposits keep committing while the data directory is copied.
  let writing = true;
  const writer = (async () => {
    let written = 0;
    while (writing) {
      await creditDeposit(db(), { orgId: demo.org_id, amount: '1.25' });
      written += 1;
    }
    return written;
  })();
  const manifest = await backupEmbedded({ dir: sourceDir, destination: backupDir });
  writing = false;
  const written = await writer;
  expect(written).toBeGreaterThan(0);
  expect(manifest.wal_segments.length).toBeGreaterThan(0);
  expect(fs.readFileSync(path.join(backupDir, 'data', 'backup_label'), 'utf8')).toMatch(
    /^START WAL LOCATION/m,
  );
  expect(fs.existsSync(path.join(backupDir, 'data', 'postmaster.pid'))).toBe(false);

  await closeDb();
  await source.stop();
  stops.pop();

  // A directory with anything in it is refused; a new one is laid out and recovers.
  fs.mkdirSync(path.join(base, 'occupied', 'pg'), { recursive: true });
  await expect(restoreEmbedded({ backupDir, targetDir: path.join(base, 'occupied') })).rejects.toThrow(
    /not empty/,
  );
  // A backup whose bytes changed after it was written is refused (checked against the manifest's SHA-256).
  const versionFile = path.join(backupDir, 'data', 'PG_VERSION');
  const version = fs.readFileSync(versionFile, 'utf8');
  fs.writeFileSync(
    versionFile,
    version.replace(/\d/, (digit) => String((Number(digit) + 1) % 10)),
  );
  await expect(restoreEmbedded({ backupDir, targetDir: path.join(base, 'damaged') })).rejects.toThrow(
    /damaged: data\/PG_VERSION/,
  );
  fs.writeFileSync(versionFile, version);
  await restoreEmbedded({ backupDir, targetDir: restoredDir });
  const restored = await startEmbeddedDatabase({ dir: restoredDir, settings: { fsync: 'off' } });
  stops.push(restored.stop);
  expect(restored.env.ENCRYPTION_KEY).toBe(source.env.ENCRYPTION_KEY);
  await useCluster(restored.env);

  const invariants = await ledgerInvariants();
  expect(invariants).toMatchObject({ unbalanced: 0, negative: 0 });
  expect(Number(invariants.total)).toBe(0);
  const deposits = await depositCount();
  expect(deposits).toBeGreaterThanOrEqual(depositsBefore);
  expect(deposits).toBeLessThanOrEqual(depositsBefore + written);
  expect(await getBalance(db(), demo.second_org_id)).toEqual(secondBalance);
  await closeDb();

  // The built app on the restored database, with the restored secrets: ready (migrations current, a worker beating)
  // and a signed call with the key created before the backup.
  let server: RunningServer | undefined;
  try {
    server = await startServer('next start', {
      DATABASE_URL: restored.env.DATABASE_URL,
      AUTH_SECRET: restored.env.AUTH_SECRET,
      ENCRYPTION_KEY: restored.env.ENCRYPTION_KEY,
      WORKER_IN_PROCESS: 'true',
      // No automatic sandbox steps: the balances must stay as backed up while they are compared.
      SANDBOX_STEP_SECONDS: '0',
    });
    const origin = `http://127.0.0.1:${server.port}`;
    const deadline = Date.now() + 20_000;
    let ready = await fetch(`${origin}/api/health/ready`);
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ready = await fetch(`${origin}/api/health/ready`);
    }
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const client = new PayoutApiClient({ baseUrl: origin, ...key, maxRetries: 0 });
    const balance = await client.request<{ available: string; held: string }>(
      'GET',
      '/api/v2/funding/balance',
    );
    expect(balance.status).toBe(200);
    expect(balance.data).toMatchObject({ available: secondBalance.available, held: secondBalance.held });
  } finally {
    await server?.stop();
  }
  // DESIGN "Tests that need the built server": restore within 30 s.
  console.log(`backup-restore: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}, 120_000);
