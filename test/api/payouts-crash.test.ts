// A crash in the middle of confirming: SIGKILL the server process while 50 confirms are in flight, start another,
// and show that every batch is either confirmed with its hold or untouched, the ledger balanced, and no job orphaned.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { resetEnvCache } from '@/lib/platform/env';
import { dec } from '@/lib/platform/money';
import { useTestDatabase } from '../db';
import { addApiKey } from '../fixtures';
import { createPayoutOrg, ledgerInvariants, orderItem } from '../payouts-fixtures';
import { queuedJobs } from '../support/queued-jobs';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

const servers: ChildProcess[] = [];
afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
});

/** Starts the server process and resolves with its port. */
function startServer(): Promise<{ process: ChildProcess; port: number }> {
  // Node itself with tsx's loader (not the tsx CLI, which would run the server as a grandchild the kill misses).
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/support/payouts-server.ts')], {
    env: { ...process.env, DB_POOL_MAX: '10', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    child.stdout!.once('data', (data: Buffer) =>
      resolve({ process: child, port: Number(String(data).trim()) }),
    );
  });
}

function clientFor(port: number, credentials: Awaited<ReturnType<typeof addApiKey>>) {
  return new PayoutApiClient({ baseUrl: `http://127.0.0.1:${port}`, ...credentials, maxRetries: 0 });
}

describe('a crash while confirming', () => {
  it('leaves every batch confirmed with its hold or untouched; the ledger balanced; no orphan job', async () => {
    const org = await createPayoutOrg({ balance: '10000000' });
    const batchIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const created = await org.client.request<{ batch: { id: string } }>('POST', '/api/v2/payouts', {
        body: { orders: Array.from({ length: 20 }, (_, j) => orderItem(org, `${1000 + i * 20 + j}.00`)) },
      });
      batchIds.push(created.data.batch.id);
    }
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => addApiKey(org.orgId, { role: 'approver', rateLimitPerMinute: 10_000 })),
    );

    const first = await startServer();
    const clients = keys.map((key) => clientFor(first.port, key));
    let answered = 0;
    const inFlight = batchIds.map((id, i) =>
      clients[i % clients.length]!.send('POST', `/api/v2/payouts/${id}/confirm`, {
        idempotencyKey: `crash-${id}`,
      })
        .then((response) => {
          answered += 1;
          return response.status;
        })
        .catch(() => 'connection lost' as const),
    );
    // Kill it once a few confirms have committed and the rest are queued or running.
    while (answered < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    first.process.kill('SIGKILL');
    const outcomes = await Promise.all(inFlight);
    const lost = outcomes.filter((o) => o === 'connection lost').length;
    expect(lost).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThanOrEqual(3);

    // The database aborts the dead process's transactions as its connections drop.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      if (row!.n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const second = await startServer();
    const after = clientFor(second.port, keys[0]!);
    let confirmed = 0;
    for (const id of batchIds) {
      const read = await after.request<{
        batch: { status: string; source_amount_total: string; confirmed_at: string | null };
        orders: { status: string }[];
      }>('GET', `/api/v2/payouts/${id}`);
      const [hold] = await db().execute<{ n: number; amount: string | null }>(sql`
        select count(*)::int as n, sum(e.amount) filter (where e.amount > 0)::text as amount
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.type = 'batch_hold' and t.reference_id = ${id}`);
      const jobs = await queuedJobs({ keySuffix: id });
      if (read.data.batch.status === 'IN_PROGRESS') {
        confirmed += 1;
        expect(read.data.batch.confirmed_at).not.toBeNull();
        expect(read.data.orders.every((o) => o.status === 'AWAITING_DEPOSIT')).toBe(true);
        expect(dec(hold!.amount!).eq(read.data.batch.source_amount_total)).toBe(true);
        expect(jobs).toHaveLength(1);
      } else {
        expect(read.data.batch).toMatchObject({ status: 'AWAITING_CONFIRMATION', confirmed_at: null });
        expect(read.data.orders.every((o) => o.status === 'DRAFT')).toBe(true);
        expect(hold!.n).toBe(0);
        expect(jobs).toHaveLength(0);
      }
    }
    expect(confirmed).toBeGreaterThanOrEqual(outcomes.filter((o) => o === 200).length);
    expect(confirmed).toBeLessThan(50);
    const invariants = await ledgerInvariants();
    expect(dec(invariants.total).isZero()).toBe(true);
    expect(invariants).toMatchObject({ unbalanced: 0, negative: 0 });
    const [held] = await db().execute<{ held: string; expected: string }>(sql`
      select (select balance::text from ledger_accounts where org_id = ${org.orgId} and type = 'held') as held,
        (select coalesce(sum(total_source_amount), 0)::text from payout_batches
          where org_id = ${org.orgId} and status = 'IN_PROGRESS') as expected`);
    expect(dec(held!.held).eq(held!.expected)).toBe(true);

    // A committed confirm replays under its key, sent by the API key that first sent it (an Idempotency-Key answers
    // only its principal: these keys have no creator, so each is its own person); an untouched batch confirms on the
    // new process (a fresh key: the dead request's key stays "in progress" until its takeover age passes).
    const afterClients = keys.map((key) => clientFor(second.port, key));
    const statuses = await Promise.all(
      batchIds.map(async (id, i) => {
        const [row] = await db().execute<{ status: string }>(
          sql`select status from payout_batches where id = ${id}`,
        );
        const key = row!.status === 'IN_PROGRESS' ? `crash-${id}` : `after-crash-${id}`;
        const response = await afterClients[i % afterClients.length]!.send(
          'POST',
          `/api/v2/payouts/${id}/confirm`,
          {
            idempotencyKey: key,
          },
        );
        return { i, status: response.status, replayed: response.headers.get('idempotent-replayed') };
      }),
    );
    expect(statuses.filter((s) => s.status !== 200)).toEqual([]);
  }, 120_000);
});
