// Owns the API platform's shared state: rate-limit windows and idempotency records (in Postgres so every instance agrees).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IDEMPOTENCY_STATES, type IdempotencyState } from '@/lib/platform/enums';
import { createdAt, id, oneOf, timestampMs } from '../_columns';
import { orgId } from '../_org-id';
import { bytea } from './files';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { IDEMPOTENCY_STATES, type IdempotencyState } from '@/lib/platform/enums';

/** Fixed one-minute windows; `bucket` names what is counted (`key:<id>`, `user:<id>`, `authfail:<ip>`). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** Stripe-style idempotency: scoped to organization + operation; the stored response is replayed. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: id(),
    orgId: orgId('cascade'),
    /** Method and route pattern, e.g. `POST /api/v2/sandbox/deposits`. */
    operation: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request body (and path), so a reuse with another body is detected. */
    requestHash: text().notNull(),
    /**
     * Who sent the request: the person behind it (a session's user; for an API key the user who created it, or the
     * key itself when no user did), so another caller's retry with the same key is refused rather than replayed.
     * Null on records stored before 2.7.0 (kept 24 h at most).
     */
    principalId: uuid(),
    state: text().$type<IdempotencyState>().notNull().default('in_progress'),
    /** The attempt that holds the record; only it may complete or free it (a takeover gives it a new one). */
    attemptId: uuid().notNull().defaultRandom(),
    responseStatus: integer(),
    /** The response body exactly as sent (bytes), so a replay is byte-identical. */
    responseBody: bytea(),
    responseContentType: text(),
    createdAt: createdAt(),
    completedAt: timestampMs('completed_at'),
    expiresAt: timestampMs('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_records_scope_key').on(t.orgId, t.operation, t.key),
    index('idempotency_records_expires_idx').on(t.expiresAt),
    oneOf('idempotency_records_state_valid', t.state, IDEMPOTENCY_STATES),
    check('idempotency_records_key_length', sql`char_length(${t.key}) between 1 and 255`),
  ],
);
