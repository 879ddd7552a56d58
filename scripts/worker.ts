// Owns `npm run worker`: the background worker as its own process, for scale-out (set WORKER_IN_PROCESS=false on app instances).
import { closeDb } from '@/db/client';
import { migrate } from '@/db/migrate';
import { EnvError, env } from '@/lib/env';
import { startWorker } from '@/lib/jobs/runner';
import { startEmbeddedDatabase } from './embedded-db.mjs';

async function main(): Promise<void> {
  // Without DATABASE_URL, work for the embedded server of this checkout (found through .data/, started if none runs).
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedDatabase();
  if (embedded) {
    for (const [key, value] of Object.entries(embedded.env)) process.env[key] ??= value;
  }
  const config = env();
  // Idempotent and serialized by an advisory lock, so a worker started before any app instance still finds its schema.
  await migrate(config.DATABASE_URL);
  const worker = await startWorker({
    connectionString: config.DATABASE_URL,
    concurrency: config.WORKER_CONCURRENCY,
    webhookConcurrency: config.WEBHOOK_CONCURRENCY,
  });
  console.log(`Worker running ${config.WORKER_CONCURRENCY} job(s) at a time. Ctrl-C to stop.`);
  const shutdown = async (signal: NodeJS.Signals) => {
    console.log(`${signal}: finishing running jobs…`);
    await worker.stop();
    await closeDb();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await worker.runner.promise;
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
