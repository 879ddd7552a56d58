// Owns the gauges read from PostgreSQL at scrape time: the application's connections, the job queue (graphile-worker's
// public `jobs` view only) and the webhook deliveries not yet delivered. Each query runs under a short statement
// timeout, so a slow database costs a scrape its gauges, never a stuck scrape.

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Tx } from '@/db/client';
import { typedRows } from '@/lib/platform/db/typed-rows';
import { env } from '@/lib/platform/env';
import { readAdapterHealth } from '@/lib/platform/health/adapter-probes';
import { describeError, log } from '@/lib/platform/log';
import { metrics } from './counters';

/** Milliseconds each scrape-time query may take; Prometheus' default scrape timeout is 10 s. */
export const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

async function bounded<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
  // `set local` ends with the transaction, so the pooled connection goes back with the app's own timeout.
  return db().transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${SCRAPE_QUERY_TIMEOUT_MS}`));
    return run(tx);
  });
}

async function connectionGauges(): Promise<void> {
  const rows = await bounded((tx) =>
    typedRows(
      tx,
      z.object({ state: z.string(), n: z.number(), waiting: z.number() }),
      sql`
          select coalesce(state, 'unknown') as state, count(*)::int as n,
            count(*) filter (where wait_event_type = 'Lock')::int as waiting
          from pg_stat_activity
          where usename = current_user and backend_type = 'client backend'
          group by 1`,
    ),
  );
  const { dbConnections, dbWaiting } = metrics().gauges;
  dbConnections.reset();
  let waiting = 0;
  for (const row of rows) {
    dbConnections.set({ state: row.state }, row.n);
    waiting += row.waiting;
  }
  dbWaiting.set(waiting);
}

async function jobGauges(): Promise<void> {
  const rows = await bounded((tx) =>
    typedRows(
      tx,
      z.object({ task: z.string(), depth: z.number(), oldest: z.number(), failed: z.number() }),
      sql`
          select task_identifier as task,
            count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as depth,
            coalesce(extract(epoch from now() - min(run_at)
              filter (where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8 as oldest,
            count(*) filter (where attempts >= max_attempts)::int as failed
          from graphile_worker.jobs
          group by task_identifier`,
    ),
  );
  const { jobQueueDepth, jobQueueOldest, jobsFailed } = metrics().gauges;
  jobQueueDepth.reset();
  jobQueueOldest.reset();
  jobsFailed.reset();
  for (const row of rows) {
    jobQueueDepth.set({ task: row.task }, row.depth);
    jobQueueOldest.set({ task: row.task }, row.oldest);
    jobsFailed.set({ task: row.task }, row.failed);
  }
}

async function webhookGauges(): Promise<void> {
  // Only pending rows: the partial index webhook_deliveries_endpoint_due_idx covers them, so the scrape never reads
  // the (ever-growing) delivered history.
  const [row] = await bounded((tx) =>
    typedRows(
      tx,
      z.object({ pending: z.number(), retrying: z.number(), lag: z.number() }),
      sql`
          select count(*) filter (where attempts = 0)::int as pending,
            count(*) filter (where attempts > 0)::int as retrying,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as lag
          from webhook_deliveries where status = 'pending'`,
    ),
  );
  const { webhookDeliveries, webhookLag } = metrics().gauges;
  webhookDeliveries.set({ state: 'pending' }, row?.pending ?? 0);
  webhookDeliveries.set({ state: 'retrying' }, row?.retrying ?? 0);
  webhookLag.set(Math.max(0, row?.lag ?? 0));
}

const ADAPTER_STATES = ['ok', 'degraded', 'not_checked'] as const;

async function adapterGauges(): Promise<void> {
  const listing = await bounded((tx) => readAdapterHealth(tx));
  const { adapterState } = metrics().gauges;
  adapterState.reset();
  // Every state of every adapter has a series (0 or 1), so an alert on degraded == 1 sees it appear and clear.
  for (const [adapter, { implementation, state }] of Object.entries(listing)) {
    for (const candidate of ADAPTER_STATES) {
      adapterState.set({ adapter, implementation, state: candidate }, candidate === state ? 1 : 0);
    }
  }
}

/** Rejects when `work` has not settled within `ms` (waiting for a pooled connection is not covered by the server's timeout). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Refreshes every database-backed gauge, one source after the other (a scrape holds one pooled connection at a time).
 * A source that fails or times out reports collect_success 0 and its gauges are emptied rather than left stale.
 */
export async function collectDatabaseGauges(): Promise<void> {
  const { gauges } = metrics();
  gauges.dbPoolMax.set(env().DB_POOL_MAX);
  const sources = {
    connections: { collect: connectionGauges, gauges: [gauges.dbConnections, gauges.dbWaiting] },
    jobs: { collect: jobGauges, gauges: [gauges.jobQueueDepth, gauges.jobQueueOldest, gauges.jobsFailed] },
    webhooks: { collect: webhookGauges, gauges: [gauges.webhookDeliveries, gauges.webhookLag] },
    adapters: { collect: adapterGauges, gauges: [gauges.adapterState] },
  };
  for (const [source, { collect, gauges: owned }] of Object.entries(sources)) {
    try {
      await withDeadline(collect(), SCRAPE_QUERY_TIMEOUT_MS * 2);
      gauges.collectSuccess.set({ source }, 1);
    } catch (error) {
      for (const gauge of owned) gauge.reset();
      gauges.collectSuccess.set({ source }, 0);
      log('warn', 'metrics source failed', { source, ...describeError(error) });
    }
  }
}
