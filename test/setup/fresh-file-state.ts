// Owns each integration file's starting state. Files share their worker's modules (vitest.config.ts: `isolate: false`
// — importing the whole app once per worker instead of once per file saves most of the run), so whatever a file left
// behind in process-wide state is put back before the next one starts: the environment as the worker began, the
// real clock, the cached settings read from it, and the program's adapter implementations (a file may stand test
// implementations behind a setting). Vitest runs setup files before every test file, shared or not.
import { APP_ADAPTER_IMPLEMENTATIONS } from '@/lib/app/adapters';
import { provideAdapterImplementations } from '@/lib/platform/adapters/registry';
import { resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';

const WORKER_ENV = Symbol.for('payout-portal.test.worker-env');
const store = globalThis as { [WORKER_ENV]?: Record<string, string | undefined> };
store[WORKER_ENV] ??= { ...process.env };
const initial = store[WORKER_ENV];

for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
Object.assign(process.env, initial);
resetEnvCache();
resetClock();
provideAdapterImplementations(APP_ADAPTER_IMPLEMENTATIONS);
