// Owns `npm run worker`: the background worker as its own process, for scale-out (set WORKER_IN_PROCESS=false on app instances).
// Only the light modules load before the start-up check; the task list and the database follow it, so a refused
// production start says why within a second or two.
import { assertReadyToStart } from '@/lib/platform/adapters/registry';
import { EnvError } from '@/lib/platform/env';
import { assertPostgresPatched, PostgresNotPatchedError } from './patch-postgres.mjs';
import { withDatabase } from './with-database';

async function main(): Promise<void> {
  // An install that skipped our postinstall (`--ignore-scripts`) left postgres.js unpatched: refuse, naming the fix.
  assertPostgresPatched();
  // Production names every problem at once, before an embedded database could be started for a missing DATABASE_URL.
  if (process.env.APP_ENV === 'production') assertReadyToStart(process.env);
  // Without DATABASE_URL, work for the embedded server of this checkout (found through .data/, started if none runs).
  await withDatabase(async ({ databaseUrl }) => {
    const config = assertReadyToStart(process.env);
    const [{ sqlClient }, { migrateFromEnv, migrationState }, { startWorker }] = await Promise.all([
      import('@/db/client'),
      import('@/db/migrate'),
      import('@/lib/platform/jobs/runner'),
      // The tasks, events and adapters the worker runs with (withDatabase provides them too; said here for the reader).
      import('@/lib/app/register'),
    ]);
    // A worker started before any app instance migrates (idempotent, serialized by an advisory lock); one whose schema
    // is current does not, so a worker on the app's least-privileged role (which may not CREATE anything) starts too.
    const state = await migrationState(sqlClient());
    if (state.applied === 0 || state.pending > 0) await migrateFromEnv(process.env);
    const worker = await startWorker({
      connectionString: databaseUrl,
      concurrency: config.WORKER_CONCURRENCY,
      webhookConcurrency: config.WEBHOOK_CONCURRENCY,
      heartbeatSeconds: config.WORKER_HEARTBEAT_SECONDS,
    });
    console.log(`Worker running ${config.WORKER_CONCURRENCY} job(s) at a time. Ctrl-C to stop.`);
    const shutdown = (signal: NodeJS.Signals) => {
      console.log(`${signal}: finishing running jobs…`);
      // `stopped` settles once running jobs finish; withDatabase then closes the pool and the server.
      void worker.stop();
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    await worker.stopped;
  });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError || error instanceof PostgresNotPatchedError ? error.message : error,
  );
  process.exit(1);
});
