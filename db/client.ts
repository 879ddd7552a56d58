// Owns the database connection: one postgres.js pool and one Drizzle instance per process.
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import { env } from '@/lib/platform/env';
import { CONNECTION_TIMEOUTS } from './connection-timeouts';
import { dropParamsFromQueryErrors } from './query-errors';
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

export { CONNECTION_TIMEOUTS };

export type Pooler = 'none' | 'session' | 'transaction';

/**
 * postgres.js options for a pool of `max` connections to `url` through `pooler`. Behind a transaction pooler each
 * transaction (or single statement) may run on another server connection: named prepared statements would not exist
 * there, and PgBouncer refuses startup parameters it does not track (the timeouts), so those come from the role
 * instead (`ALTER ROLE … SET`, applied by db/migrate.ts to the app's role). Everything else the app does is already
 * transaction-scoped (advisory locks `_xact_`, `SET LOCAL`); LISTEN is not used through it (lib/identity/server/auth/api-key-material).
 */
export function connectionOptions(
  max: number,
  pooler: Pooler = 'none',
): postgres.Options<Record<string, postgres.PostgresType>> {
  const transactionPooler = pooler === 'transaction';
  return {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    prepare: !transactionPooler,
    connection: {
      application_name: 'payout-portal',
      TimeZone: 'UTC',
      ...(transactionPooler ? {} : CONNECTION_TIMEOUTS),
    },
  };
}

export function createConnection(url: string, max: number, pooler: Pooler = 'none'): Connection {
  // A failed statement's parameters (emails, names, hashes) must never reach a log (#38 §6).
  dropParamsFromQueryErrors();
  const sql = postgres(url, connectionOptions(max, pooler));
  return { sql, db: drizzle({ client: sql, schema, casing: 'snake_case' }) };
}

function connection(): Connection {
  holder.__payoutDb ??= createConnection(env().DATABASE_URL, env().DB_POOL_MAX, env().DATABASE_POOLER);
  return holder.__payoutDb;
}

/** Whether this process reaches PostgreSQL through a transaction pooler (no session state between statements). */
export function behindTransactionPooler(): boolean {
  return env().DATABASE_POOLER === 'transaction';
}

/** The Drizzle database of this process. */
export function db(): Db {
  return connection().db;
}

/**
 * The raw postgres.js client: LISTEN, transactions of its own, and statements with no table of ours (graphile-worker's
 * functions, advisory locks, catalogs), whose rows go through `parsedRows` (lib/platform/db/typed-rows.ts).
 */
export function sqlClient(): Sql {
  return connection().sql;
}

export async function closeDb(): Promise<void> {
  const current = holder.__payoutDb;
  holder.__payoutDb = undefined;
  await current?.sql.end({ timeout: 5 });
}
