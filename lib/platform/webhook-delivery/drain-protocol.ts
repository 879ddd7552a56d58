// Owns the constants the drain protocol shares between TypeScript and the SQL functions of db/functions/: the task,
// the lock class and the leases. No imports, so the migrator can read it (db/function-files.ts substitutes them).
import { MAX_ENDPOINTS_PER_ORGANIZATION } from './endpoint-limit';

export const DRAIN_TASK = 'webhooks.drain';
/** graphile-worker's attempts of one drain job (it ends at once; a failure is the database's, retried soon). */
export const DRAIN_MAX_ATTEMPTS = 3;
/** A drain's hold on its endpoint, renewed at each round trip: how long a crashed worker's endpoint waits. */
export const DRAIN_LEASE_MS = 30_000;
/** A lease handed to a queued drain job (the job exists: it was added in the same statement). */
export const HANDOVER_LEASE_MS = 5 * 60_000;
/** The owner of a lease handed to a drain job nobody has taken yet. */
export const QUEUED_OWNER = 'queued';
/** First key of the endpoint's advisory lock (the second is hashtext(endpoint id)); "whkd". */
export const DRAIN_LOCK_CLASS = 2_003_331_940;
/** Deliveries made per event at most: an organization's endpoint limit. */
export const MAX_FAN_OUT = MAX_ENDPOINTS_PER_ORGANIZATION;

/** The job key of the drain that takes an endpoint now (one pending per endpoint). */
export const drainJobKey = (endpointId: string) => `${DRAIN_TASK}:${endpointId}`;
/** The job key of the drain that comes back at an endpoint's next retry. */
export const retryJobKey = (endpointId: string) => `${DRAIN_TASK}-at:${endpointId}`;

/**
 * What `{{NAME}}` stands for in db/functions/webhooks.sql: strings become SQL literals, numbers stay numbers. The SQL
 * keys the jobs it adds as `{{DRAIN_TASK}} || ':' || id`, the form of drainJobKey.
 */
export const webhookSqlConstants: Readonly<Record<string, string | number>> = {
  DRAIN_TASK,
  DRAIN_MAX_ATTEMPTS,
  HANDOVER_LEASE_MS,
  QUEUED_OWNER,
  DRAIN_LOCK_CLASS,
  MAX_FAN_OUT,
};
