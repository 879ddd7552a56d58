// Idempotency can never run an operation twice: a lost COMMIT acknowledgement, a takeover of a request still
// held on a lock, and byte-identical replays, through the real deposit route on a real PostgreSQL.
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqlClient } from '@/db/client';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import {
  ABANDONED_AFTER_SECONDS,
  IDLE_ATTEMPT_SECONDS,
  idempotencyFaults,
  TRANSACTION_DEADLINE_SECONDS,
} from '@/lib/platform/http/idempotency';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

const testDb = await useTestDatabase();

type Balance = { available: string };

afterEach(() => {
  idempotencyFaults.afterCommit = undefined;
  idempotencyFaults.beforeComplete = undefined;
  idempotencyFaults.release = undefined;
  resetClock();
});

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A promise and what settles it: one side awaits what the other says has happened. */
function signal(): [Promise<void>, () => void] {
  let fire!: () => void;
  const happened = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return [happened, fire];
}

/**
 * Holds the organization's ledger accounts in a transaction of its own, as a long-running movement would, until
 * `release()`; resolves once they are held (a request sent earlier could take them first and finish).
 */
async function holdLedgerAccounts(orgId: string): Promise<{ release(): Promise<void> }> {
  const blocker = postgres(testDb.url, { max: 1, onnotice: () => {} });
  const [released, release] = signal();
  const [isLocked, locked] = signal();
  const holding = blocker.begin(async (tx) => {
    await tx`select id from ledger_accounts where org_id = ${orgId} for update`;
    locked();
    await released;
  });
  await isLocked;
  let ended: Promise<void> | undefined;
  return {
    // Once, however often it is called (a test's body and its `finally`).
    release: () => {
      ended ??= (async () => {
        release();
        await holding;
        await blocker.end({ timeout: 5 });
      })();
      return ended;
    },
  };
}

/** Whether at least `n` sessions of this database wait on a lock. */
async function waitingOnLocks(n: number): Promise<boolean> {
  const [row] = await parsedRows(
    z.object({ n: z.number() }),
    sqlClient()`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (row?.n ?? 0) >= n;
}

describe('Idempotency never executes twice', () => {
  it('a lost COMMIT acknowledgement answers 500, and the retry replays instead of crediting again', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    let faults = 1;
    idempotencyFaults.afterCommit = () => {
      if (faults-- > 0) throw new Error('connection reset while reading the COMMIT reply');
    };
    const first = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '50' },
      idempotencyKey: 'lost-ack',
    });
    expect(first.status).toBe(500);
    const retry = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '50' },
      idempotencyKey: 'lost-ack',
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('50.00');
  });

  it('an attempt cut off by a database restart frees its key once the database is back, not after the takeover age', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    let down = true;
    idempotencyFaults.beforeComplete = () => {
      if (down) throw new Error('terminating connection due to administrator command');
    };
    // The database is still away when the failed attempt tries to free its key.
    idempotencyFaults.release = () => {
      if (down) throw new Error('connect ECONNREFUSED');
    };
    const deposit = () =>
      client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '50' }, idempotencyKey: 'restart' });
    expect((await deposit()).status).toBe(500);
    // Retried while the database is still down: the key is still held by the dead attempt.
    expect((await deposit()).status).toBe(409);
    down = false;
    // Back: the key is freed within seconds (not ABANDONED_AFTER_SECONDS), and the retry runs once.
    let retried: Response | undefined;
    await waitFor(async () => {
      retried = await deposit();
      return retried.status !== 409;
    }, 'the key to be freed');
    expect(retried!.status).toBe(201);
    expect(retried!.headers.get('idempotent-replayed')).toBeNull();
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('50.00');
  });

  it("a dead attempt's key is taken over by a retry seconds later, not after the takeover age", async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    // The instance dies inside the transaction, and cannot free the key either: the record stays "in progress".
    idempotencyFaults.beforeComplete = () => {
      throw new Error('the instance was killed');
    };
    idempotencyFaults.release = () => {
      throw new Error('the instance was killed');
    };
    const deposit = () =>
      client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '75' }, idempotencyKey: 'dead' });
    expect((await deposit()).status).toBe(500);
    idempotencyFaults.beforeComplete = undefined;
    // At once, the attempt might still be on its way to its transaction: the key is in use.
    expect((await deposit()).status).toBe(409);
    advanceClock((IDLE_ATTEMPT_SECONDS + 1) * 1000);
    const retried = await deposit();
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect((await deposit()).headers.get('idempotent-replayed')).toBe('true');
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('75.00');
  });

  it('a live attempt held on a lock keeps its key: a retry seconds later hears it is in use, then gets its answer', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const accounts = await holdLedgerAccounts(org.orgId);
    try {
      const send = () =>
        client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '30' }, idempotencyKey: 'alive' });
      const first = send();
      await waitFor(() => waitingOnLocks(1), 'the first attempt to wait on the lock');
      advanceClock((IDLE_ATTEMPT_SECONDS + 1) * 1000);
      expect((await send()).status).toBe(409);
      await accounts.release();
      expect((await first).status).toBe(201);
      expect((await send()).headers.get('idempotent-replayed')).toBe('true');
      expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('30.00');
    } finally {
      await accounts.release();
    }
  });

  it('a request held on a lock past the takeover age cannot commit once a retry has taken its key over', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    // Send A only once the accounts are held: sent earlier, A could take them first and finish, and the lock wait
    // counted below would be the blocker's own, behind A (the test then saw A's answer replayed to B).
    const accounts = await holdLedgerAccounts(org.orgId);
    try {
      const send = () =>
        client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '100' }, idempotencyKey: 'held' });
      const a = send();
      await waitFor(() => waitingOnLocks(1), 'request A to wait on the lock');
      advanceClock((ABANDONED_AFTER_SECONDS + 1) * 1000);
      const b = send();
      // B takes the key over and then waits on the same lock (old code) or is refused/replayed at once.
      await Promise.race([b, waitFor(() => waitingOnLocks(2), 'request B to wait on the lock')]);
      await accounts.release();
      const statuses = (await Promise.all([a, b])).map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('100.00');
    } finally {
      await accounts.release();
    }
  });

  it('a replay is byte-identical to the first answer, content type included', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const first = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '12.5' },
      idempotencyKey: 'bytes',
    });
    const again = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '12.5' },
      idempotencyKey: 'bytes',
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it("the app's connections end a stuck statement, lock wait or idle transaction well before a takeover", async () => {
    const [row] = await parsedRows(
      z.object({ statement: z.string(), lock: z.string(), idle: z.string() }),
      sqlClient()`
      select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
             current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(row).toEqual({ statement: '15s', lock: '10s', idle: '15s' });
    expect(TRANSACTION_DEADLINE_SECONDS * 2).toBeLessThanOrEqual(ABANDONED_AFTER_SECONDS);
    // A lock held longer than lock_timeout makes the waiting statement fail instead of waiting on. Shown on an app
    // connection with the timeout lowered for that one transaction (the 10 s value is read above), not waited out.
    const holder = postgres(testDb.url, { max: 1, onnotice: () => {} });
    try {
      const [released, release] = signal();
      const [isLocked, locked] = signal();
      const holding = holder.begin(async (tx) => {
        await tx`lock table rate_limit_counters in access exclusive mode`;
        locked();
        await released;
      });
      await isLocked;
      const waited = sqlClient()
        .begin(async (tx) => {
          await tx`set local lock_timeout = '300ms'`;
          await tx`select count(*) from rate_limit_counters`;
        })
        .then(
          () => 'answered',
          (error: { code?: string }) => error.code,
        );
      const outcome = await waited;
      release();
      await holding;
      expect(outcome).toBe('55P03');
    } finally {
      await holder.end({ timeout: 5 });
    }
  });
});
