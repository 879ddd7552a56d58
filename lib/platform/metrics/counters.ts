// Owns the process's prom-client registry and the event counters other modules bump (rate-limit refusals, sweeps,
// webhook attempts). Kept on globalThis so Next's dev reloads do not register the same names twice.
import { Counter, Gauge, Registry } from 'prom-client';

function createMetrics() {
  const registry = new Registry();
  return {
    registry,
    rateLimitRefusals: new Counter({
      name: 'payout_rate_limit_refusals_total',
      help: 'Requests refused with 429 too_many_requests (rate limits, failed-authentication and sign-in throttles), by operation id.',
      labelNames: ['operation'] as const,
      registers: [registry],
    }),
    sweepRuns: new Counter({
      name: 'payout_sweep_runs_total',
      help: 'Expiry sweeps run for one organization in this process, by sweep name.',
      labelNames: ['sweep'] as const,
      registers: [registry],
    }),
    sweepChanges: new Counter({
      name: 'payout_sweep_changes_total',
      help: 'Records the expiry sweeps changed in this process, by sweep name.',
      labelNames: ['sweep'] as const,
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: 'payout_webhook_attempts_total',
      help: 'Webhook delivery attempts made by this process, by outcome (succeeded, failed).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    ratesFeedPolls: new Counter({
      name: 'payout_rates_feed_polls_total',
      help: 'Polls of the rates feed (RATES_ADAPTER=http) made by this process, by outcome (stored: at least one good rate; failed: unreachable, malformed or nothing usable).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    custodyRpcErrors: new Counter({
      name: 'payout_custody_rpc_errors_total',
      help: 'JSON-RPC calls to CUSTODY_RPC_URL (CUSTODY_ADAPTER=evm) that failed or timed out in this process, by method.',
      labelNames: ['method'] as const,
      registers: [registry],
    }),
    /** Set by the chain watcher after each pass in the process that ran it (lib/funding/server/chain-watcher.ts). */
    chain: {
      head: new Gauge({
        name: 'payout_chain_head_block',
        help: "The node's latest block at the watcher's last pass (CUSTODY_ADAPTER=evm), by chain.",
        labelNames: ['chain'] as const,
        registers: [registry],
      }),
      lastScanned: new Gauge({
        name: 'payout_chain_last_scanned_block',
        help: "The watcher's checkpoint: every block up to it has been read, by chain.",
        labelNames: ['chain'] as const,
        registers: [registry],
      }),
      lag: new Gauge({
        name: 'payout_chain_scan_lag_blocks',
        help: 'Blocks between the head and the checkpoint at the last pass, by chain.',
        labelNames: ['chain'] as const,
        registers: [registry],
      }),
      pendingDeposits: new Gauge({
        name: 'payout_chain_pending_deposits',
        help: 'Deposits seen on chain and waiting for their confirmations, by chain.',
        labelNames: ['chain'] as const,
        registers: [registry],
      }),
      openAlerts: new Gauge({
        name: 'payout_chain_open_alerts',
        help: 'Chain alerts operations have not resolved (a credited deposit that vanished in a reorganisation, a withdrawal that needs review), by chain and kind.',
        labelNames: ['chain', 'kind'] as const,
        registers: [registry],
      }),
    },
    /** Set at scrape time (lib/platform/metrics/database-gauges.ts). */
    gauges: {
      dbConnections: new Gauge({
        name: 'payout_db_connections',
        help: "Server connections of the application's role (all instances and workers), by pg_stat_activity state.",
        labelNames: ['state'] as const,
        registers: [registry],
      }),
      dbWaiting: new Gauge({
        name: 'payout_db_connections_waiting',
        help: "Server connections of the application's role waiting on a lock now (all instances and workers).",
        registers: [registry],
      }),
      dbPoolMax: new Gauge({
        name: 'payout_db_pool_max',
        help: "This process's connection pool size (DB_POOL_MAX).",
        registers: [registry],
      }),
      jobQueueDepth: new Gauge({
        name: 'payout_job_queue_depth',
        help: 'Jobs due and not yet taken by a worker, by task.',
        labelNames: ['task'] as const,
        registers: [registry],
      }),
      jobQueueOldest: new Gauge({
        name: 'payout_job_queue_oldest_seconds',
        help: 'Seconds the oldest due, untaken job has waited past its run time, by task (0 when none waits).',
        labelNames: ['task'] as const,
        registers: [registry],
      }),
      jobsFailed: new Gauge({
        name: 'payout_jobs_failed',
        help: 'Jobs that used up their attempts and wait for an operator, by task.',
        labelNames: ['task'] as const,
        registers: [registry],
      }),
      webhookDeliveries: new Gauge({
        name: 'payout_webhook_deliveries',
        help: 'Webhook deliveries not yet delivered, by state: pending (no failed attempt yet) or retrying (at least one failed attempt).',
        labelNames: ['state'] as const,
        registers: [registry],
      }),
      webhookLag: new Gauge({
        name: 'payout_webhook_delivery_lag_seconds',
        help: 'Age of the oldest undelivered (pending or retrying) webhook delivery; 0 when none.',
        registers: [registry],
      }),
      adapterState: new Gauge({
        name: 'payout_adapter_state',
        help: "Each adapter's last probe (health.probe-adapters): 1 for the state it is in (ok, degraded, not_checked), 0 for the others.",
        labelNames: ['adapter', 'implementation', 'state'] as const,
        registers: [registry],
      }),
      collectSuccess: new Gauge({
        name: 'payout_metrics_collect_success',
        help: 'Whether the database queries behind the gauges answered within their time limit at this scrape (1) or not (0).',
        labelNames: ['source'] as const,
        registers: [registry],
      }),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as unknown as { __payoutMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__payoutMetrics ??= createMetrics();
  return holder.__payoutMetrics;
}
