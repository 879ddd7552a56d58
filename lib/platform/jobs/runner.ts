// Owns running the background worker: graphile-worker with this app's task list and its maintenance crontab.
import { EventEmitter } from 'node:events';
import {
  type CronItem,
  consoleLogFactory,
  Logger,
  parseCronItems,
  type Runner,
  run,
  type WorkerEvents,
} from 'graphile-worker';
import { db, sqlClient } from '@/db/client';
import { env } from '@/lib/platform/env';
import { startDrainPool, stopDrainPool, sweepDueDeliveries } from '@/lib/platform/webhook-delivery/drain';
import { enqueueJob } from './enqueue';
import { startHeartbeat } from './heartbeat';
import { superviseRunner } from './supervise-runner';
import { type TaskName, taskList } from './task-registry';

interface Schedule extends CronItem {
  task: TaskName;
  /**
   * Also queued once when a worker starts, instead of first running at the next minute: what readiness and quoting
   * wait for (the adapters' probes, the rates feed) and the chain watcher that schedules itself after its first run.
   */
  atStart?: true;
}

/**
 * Recurring work. graphile-worker's cron records each tick in the database, so with several worker processes each
 * tick still runs once; the jobKey keeps at most one purge pending if the workers fall behind. Items rather than a
 * crontab string because the crontab syntax does not allow dots in task names.
 */
export const schedules: readonly Schedule[] = [
  {
    task: 'maintenance.purge-expired',
    identifier: 'maintenance-purge-expired',
    match: '*/10 * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'maintenance.purge-expired' },
  },
  {
    // Business expiries (unfunded orders, drafts): each minute, at each organization's clock (lib/platform/sweeps).
    task: 'sweeps.expire',
    identifier: 'sweeps-expire',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'sweeps.expire' },
  },
  {
    // Webhook drains are woken by the transactions that add deliveries and by their retry timers; this finds what a
    // crashed worker left behind (lib/platform/webhook-delivery/drain.ts).
    task: 'webhooks.sweep',
    identifier: 'webhooks-sweep',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'webhooks.sweep' },
  },
  {
    // Support views end on real time; this records each expiry in the audit trail within a minute.
    task: 'support.expire-views',
    identifier: 'support-expire-views',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'support.expire-views' },
  },
  {
    // Each adapter's probe (SMTP greeting, the rate source's age…), cached for /api/health/ready and the metrics.
    task: 'health.probe-adapters',
    atStart: true,
    identifier: 'health-probe-adapters',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'health.probe-adapters' },
  },
  {
    // The rates feed (RATES_ADAPTER=http; otherwise the task returns at once): due every RATES_POLL_INTERVAL_SECONDS.
    task: 'pricing.poll-rates-feed',
    atStart: true,
    identifier: 'pricing-poll-rates-feed',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'pricing.poll-rates-feed' },
  },
  {
    // The chain watcher (CUSTODY_ADAPTER=evm; otherwise the task returns at once) schedules itself every
    // CUSTODY_POLL_SECONDS; this starts it and restarts it after a lost run.
    task: 'funding.watch-chain',
    atStart: true,
    identifier: 'funding-watch-chain',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'funding.watch-chain' },
  },
  {
    // Withdrawals recorded as sent, proven on chain (CUSTODY_ADAPTER=evm): scheduled when a hash is recorded and while
    // one is in flight; this catches a lost run.
    task: 'liquidity.prove-withdrawals',
    identifier: 'liquidity-prove-withdrawals',
    match: '* * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'liquidity.prove-withdrawals' },
  },
  {
    // The feed's history past RATES_FEED_RETENTION_DAYS thinned to an hourly rate (quotes' rates kept), once a day.
    task: 'pricing.thin-feed-rates',
    identifier: 'pricing-thin-feed-rates',
    match: '17 3 * * *',
    options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'pricing.thin-feed-rates' },
  },
];

/** Webhook drains log each attempt (lib/platform/webhook-delivery/drain.ts); graphile's line per job would only repeat it. */
const webhookRunnerLogger = new Logger((scope) => {
  const write = consoleLogFactory(scope);
  return (level, message) => {
    if (level === 'error' || level === 'warning') write(level, message);
  };
});

export interface WorkerOptions {
  connectionString: string;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How often to look for due jobs besides LISTEN/NOTIFY wake-ups, in ms (graphile's default: 2000). */
  pollInterval?: number;
  /**
   * Webhook attempts in flight at once in this process (default 8), and drains (one endpoint each) running at once, in
   * their own runner. 0 runs no webhook runner.
   */
  webhookConcurrency?: number;
  /** Seconds between this process's heartbeats (default WORKER_HEARTBEAT_SECONDS); written through the app's pool. */
  heartbeatSeconds?: number;
}

export interface WorkerHandle {
  /** Settles once `stop()` has stopped every runner: the worker never ends on its own (see superviseRunner). */
  stopped: Promise<void>;
  /** Stops taking jobs, waits for the running ones, releases the connections. Safe to call more than once. */
  stop(): Promise<void>;
}

type RunnerOptions = Omit<Parameters<typeof run>[0], 'events'>;

/**
 * Starts one graphile-worker runner and records its slot ids (the `locked_by` of what it holds) in `slotSets` while
 * it runs. graphile-worker 0.17 locks jobs in the name of the pool (batched fetches); a worker's own id where it does
 * not. A runner that ended is a dead process as far as the heartbeat goes: its slots leave the set, and whatever it
 * still held is unlocked by the next rescue (heartbeat.ts).
 */
async function startRunner(options: RunnerOptions, slotSets: Set<Set<string>>): Promise<Runner> {
  const slots = new Set<string>();
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => slots.add(workerPool.id));
  events.on('worker:create', ({ worker }) => slots.add(worker.workerId));
  slotSets.add(slots);
  try {
    const runner = await run({ ...options, events });
    const forget = () => slotSets.delete(slots);
    runner.promise.then(forget, forget);
    return runner;
  } catch (error) {
    slotSets.delete(slots);
    throw error;
  }
}

/**
 * Queues the `atStart` schedules under their cron job keys, so a tick that comes meanwhile replaces the job rather
 * than doubling it, and several workers starting together leave one job each.
 */
async function queueStartJobs(): Promise<void> {
  for (const { task, options } of schedules.filter((schedule) => schedule.atStart)) {
    await enqueueJob(db(), task, {}, { jobKey: options?.jobKey, maxAttempts: options?.maxAttempts });
  }
}

export async function startWorker(options: WorkerOptions): Promise<WorkerHandle> {
  // The slot ids of this process's live runners, for the heartbeat: a job held by an id no live heartbeat names is a
  // dead runner's or a dead process's, and the workers unlock it (heartbeat.ts).
  const slotSets = new Set<Set<string>>();
  const runner = await superviseRunner('general', () =>
    startRunner(
      {
        connectionString: options.connectionString,
        concurrency: options.concurrency,
        // Workers share PostgreSQL's max_connections with every app instance: jobs + LISTEN + one spare.
        maxPoolSize: options.concurrency + 2,
        pollInterval: options.pollInterval,
        taskList: taskList('general'),
        parsedCronItems: parseCronItems([...schedules]),
        // The host process owns its signals (Next's server, the worker script); it calls stop() in its own order.
        noHandleSignals: true,
      },
      slotSets,
    ),
  );
  await queueStartJobs();
  const webhookConcurrency = options.webhookConcurrency ?? 8;
  if (webhookConcurrency > 0) startDrainPool(webhookConcurrency);
  const webhookRunner =
    webhookConcurrency > 0
      ? await superviseRunner('webhooks', () =>
          startRunner(
            {
              connectionString: options.connectionString,
              concurrency: 2,
              // Drain jobs end at once (they hand the endpoint to this process's drain loop, which uses the app's pool).
              maxPoolSize: 3,
              pollInterval: options.pollInterval,
              taskList: taskList('webhooks'),
              logger: webhookRunnerLogger,
              noHandleSignals: true,
            },
            slotSets,
          ),
        )
      : undefined;
  const heartbeat = await startHeartbeat(sqlClient(), {
    intervalMs: (options.heartbeatSeconds ?? env().WORKER_HEARTBEAT_SECONDS) * 1000,
    jobWorkerIds: () => [...slotSets].flatMap((slots) => [...slots]),
    // A killed worker's endpoints wait for their drain lease to run out; waking them at the next beat rather than at
    // the minute's sweep brings its deliveries back within lease + one beat (the statement is a cheap skip scan).
    afterBeat: webhookRunner ? sweepDueDeliveries : undefined,
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    // The heartbeat goes first, so readiness stops counting a worker that is leaving. Drains finish their attempts,
    // record them and hand their endpoints over to new jobs, then the runners stop.
    stopping ??= heartbeat
      .stop()
      .then(() => (webhookRunner ? stopDrainPool() : undefined))
      .catch(() => {})
      .then(() => Promise.all([runner.stop(), webhookRunner?.stop()]))
      .then(() => undefined);
    return stopping;
  };
  return {
    stopped: Promise.all([runner.stopped, webhookRunner?.stopped]).then(() => undefined),
    stop,
  };
}
