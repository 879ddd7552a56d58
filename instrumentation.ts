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
  const { env } = await import('./lib/platform/env');
  // Throws an EnvError naming every missing or bad variable, which stops the server before it serves anything.
  const config = env();
  // Production must not run on simulated custody, KYC or email: stop before serving anything.
  const { assertAdaptersReadyForMode } = await import('./lib/platform/adapters/registry');
  assertAdaptersReadyForMode(config);
  // Tracing only when an OTLP endpoint is configured; otherwise its SDK is never even loaded (lib/platform/tracing).
  const { startTracingIfConfigured } = await import('./lib/platform/tracing/configure');
  await startTracingIfConfigured(config);
  // The composition root hands platform the event catalogue, the task list and the sweep list.
  await import('./lib/app/register');
  const { startInProcessWorker } = await import('./lib/platform/jobs/in-process');
  await startInProcessWorker(config);
}
