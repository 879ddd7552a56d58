// Owns the cached adapter probes: the last health each configured adapter reported, which /api/health/ready lists.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf, timestampMs } from '../_columns';

export const ADAPTER_HEALTH_STATES = ['ok', 'degraded'] as const;

/**
 * One row per adapter (`email`, `rates`, …), replaced by each run of the `health.probe-adapters` job. The
 * implementation probed is kept so a row written before the configuration changed is not reported as the new one's.
 */
export const adapterHealth = pgTable(
  'adapter_health',
  {
    adapter: text().primaryKey(),
    implementation: text().notNull(),
    state: text().$type<(typeof ADAPTER_HEALTH_STATES)[number]>().notNull(),
    /** Why it is degraded, fit for an operator (never a secret); null when ok. */
    reason: text(),
    checkedAt: timestampMs('checked_at').notNull(),
  },
  (t) => [oneOf('adapter_health_state_valid', t.state, ADAPTER_HEALTH_STATES)],
);
