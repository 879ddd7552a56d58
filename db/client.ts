// Owns the database connection: one postgres.js pool and one Drizzle instance per process.
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import { env } from '@/lib/env';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PostgresJsDatabase<Schema>;
/** A transaction handle; services accept `Db | Tx` via `Executor` so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

interface Connection {
  sql: Sql;
  db: Db;
}

// Kept on globalThis so Next's dev-mode module reloads reuse one pool instead of leaking connections.
const holder = globalThis as unknown as { __payoutDb?: Connection };

/**
 * Bounds (milliseconds) on every statement, lock wait and idle transaction of the application's connections, all well under
 * the idempotency takeover age (120 s, lib/http/idempotency.ts), so a request stuck in the database ends
 * (and rolls back) long before a retry may take its key over. Documented in docs/decisions.md.
 */
export const CONNECTION_TIMEOUTS = {
  statement_timeout: 15_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 15_000,
} as const;

export function createConnection(url: string, max: number): Connection {
  const sql = postgres(url, {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: 'payout-portal', TimeZone: 'UTC', ...CONNECTION_TIMEOUTS },
  });
  return { sql, db: drizzle({ client: sql, schema, casing: 'snake_case' }) };
}

function connection(): Connection {
  holder.__payoutDb ??= createConnection(env().DATABASE_URL, env().DB_POOL_MAX);
  return holder.__payoutDb;
}

/** The Drizzle database of this process. */
export function db(): Db {
  return connection().db;
}

/**
 * The raw postgres.js client: LISTEN, advisory locks, and the hot-path statements written as one round trip
 * by hand (authentication with its rate-limit count, failed-authentication counters).
 */
export function sqlClient(): Sql {
  return connection().sql;
}

export async function closeDb(): Promise<void> {
  const current = holder.__payoutDb;
  holder.__payoutDb = undefined;
  await current?.sql.end({ timeout: 5 });
}
