// Owns server start-up under `next start`: marks incoming requests, validates the environment, starts tracing when
// configured and runs the background worker in-process.
export async function register(): Promise<void> {
  // The worker needs Node APIs, and `next build` must never reach a database.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // An install that skipped our postinstall (`--ignore-scripts`) left postgres.js unpatched: exit before serving,
  // naming the fix (a throw here is only logged, and `next start` keeps running).
  const { exitUnlessPostgresPatched } = await import('./scripts/patch-postgres.mjs');
  exitUnlessPostgresPatched();
  // First, so requests are marked (raw target, unsupported methods) however the server was started.
  const { installIncomingHook } = await import('./lib/platform/http/incoming-hook');
  installIncomingHook();
  // One check names every missing or bad variable at once (in production also the database, https, secrets and each
  // sandbox adapter) and stops the server before it serves anything: a throw here would only be logged.
  const { EnvError, env } = await import('./lib/platform/env');
  const { assertReadyToStart } = await import('./lib/platform/adapters/registry');
  try {
    assertReadyToStart(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const config = env();
  // Tracing only when an OTLP endpoint is configured; otherwise its SDK is never even loaded (lib/platform/tracing).
  const { startTracingIfConfigured } = await import('./lib/platform/tracing/configure');
  await startTracingIfConfigured(config);
  // The composition root hands platform the event catalogue, the task list and the sweep list.
  await import('./lib/app/register');
  const { startInProcessWorker } = await import('./lib/platform/jobs/in-process');
  await startInProcessWorker(config);
}
