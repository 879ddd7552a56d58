// Owns the health report: whether the database answers, how fast, and whether its migrations are current.
import { sqlClient } from '@/db/client';
import { type MigrationState, migrationState } from '@/db/migrate';
import { env } from '@/lib/platform/env';
import { version } from '@/package.json';

export type HealthReport =
  | {
      status: 'ok';
      database: { reachable: true; latency_ms: number };
      migrations: MigrationState;
      app_env: 'sandbox' | 'production';
      version: string;
    }
  | { status: 'unavailable'; database: { reachable: false } };

/** A load balancer gives up long before postgres.js's connect timeout; report unavailable while it still listens. */
export const DATABASE_TIMEOUT_MS = 3000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkHealth(): Promise<HealthReport> {
  try {
    const sql = sqlClient();
    const started = performance.now();
    await withTimeout(Promise.resolve(sql`select 1`), DATABASE_TIMEOUT_MS);
    const latency = Math.round((performance.now() - started) * 100) / 100;
    const migrations = await withTimeout(migrationState(sql), DATABASE_TIMEOUT_MS);
    return {
      status: 'ok',
      database: { reachable: true, latency_ms: latency },
      migrations,
      app_env: env().APP_ENV,
      version,
    };
  } catch (error) {
    // The cause goes to the server log only: a health body must not disclose hosts, SQL or stacks.
    console.error('health check: database unavailable:', error instanceof Error ? error.message : error);
    return { status: 'unavailable', database: { reachable: false } };
  }
}
