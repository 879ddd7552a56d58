// Owns the worker that runs inside a `next start` process (WORKER_IN_PROCESS=true, the default of `npm start`).
import type { Env } from '@/lib/platform/env';
import { startWorker } from './runner';

export async function startInProcessWorker(config: Env): Promise<void> {
  if (!config.WORKER_IN_PROCESS) return;
  const worker = await startWorker({
    connectionString: config.DATABASE_URL,
    concurrency: config.WORKER_CONCURRENCY,
    webhookConcurrency: config.WEBHOOK_CONCURRENCY,
    heartbeatSeconds: config.WORKER_HEARTBEAT_SECONDS,
  });
  // Next's own handler closes the HTTP server and exits; stopping here in parallel releases running jobs first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void worker.stop());
}
