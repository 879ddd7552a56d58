// Owns choosing adapter implementations from configuration, and refusing production start-up without real ones. The
// implementations themselves are provided by the composition root (lib/app/adapters.ts): one that touches an area's
// data (the sandbox email outbox, the published rates) lives in that area, so platform cannot import it.
import {
  type Env,
  EnvError,
  env,
  envProblems,
  parseEnv,
  productionSettingProblems,
} from '@/lib/platform/env';
import { defineRegistry } from '@/lib/platform/registry';
import type { CustodyAdapter } from './custody/types';
import type { EmailAdapter } from './email/types';
import type { KycAdapter } from './kyc/types';
import type { PayoutRail } from './payout-rail/types';
import type { RatesAdapter } from './rates/types';

/**
 * Every adapter and the implementations that exist for it (custody: `manual`, `evm`; payout rail: `operations`, the desk). A real one is
 * added here (and in its adapter's `index.ts`) when a provider is integrated. An adapter's configuration variable
 * is `<NAME>_ADAPTER` in `lib/platform/env.ts`.
 */
export const ADAPTERS = {
  custody: { variable: 'CUSTODY_ADAPTER', implementations: ['sandbox', 'manual', 'evm'] },
  kyc: { variable: 'KYC_ADAPTER', implementations: ['sandbox', 'manual'] },
  email: { variable: 'EMAIL_ADAPTER', implementations: ['sandbox', 'smtp'] },
  rates: { variable: 'RATES_ADAPTER', implementations: ['sandbox', 'manual', 'http'] },
  'payout-rail': { variable: 'PAYOUT_RAIL_ADAPTER', implementations: ['sandbox', 'operations'] },
} as const satisfies Record<string, { variable: keyof Env; implementations: readonly string[] }>;

export type AdapterName = keyof typeof ADAPTERS;

/** The configured implementation of an adapter (validated by `lib/platform/env.ts`). */
export function adapterSetting(name: AdapterName): string {
  return String(env()[ADAPTERS[name].variable]);
}

/** Each adapter's interface, by name. */
interface AdapterInterfaces {
  custody: CustodyAdapter;
  kyc: KycAdapter;
  email: EmailAdapter;
  rates: RatesAdapter;
  'payout-rail': PayoutRail;
}

/** Every implementation the program has, by adapter and setting (`sandbox`, …): what lib/app/adapters.ts provides. */
export type AdapterImplementations = {
  [Name in AdapterName]: Readonly<
    Partial<Record<(typeof ADAPTERS)[Name]['implementations'][number], AdapterInterfaces[Name]>>
  >;
};

const implementations = defineRegistry<AdapterImplementations>('adapter implementations');

export const provideAdapterImplementations = implementations.provide;

/** The implementation the configuration names for an adapter. */
export function configuredAdapter<Name extends AdapterName>(name: Name): AdapterInterfaces[Name] {
  const setting = adapterSetting(name);
  const chosen = (implementations.read()[name] as Record<string, AdapterInterfaces[Name] | undefined>)[
    setting
  ];
  if (!chosen) throw new Error(`${ADAPTERS[name].variable}=${setting}: no such implementation is provided`);
  return chosen;
}

export class AdapterConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Production mode needs real provider adapters; these are still the sandbox simulation:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}\nConfigure a real implementation for each, or run with APP_ENV=sandbox.`,
    );
    this.name = 'AdapterConfigurationError';
  }
}

/**
 * The start-up check of `next start` (instrumentation) and `npm run worker`: production mode must not run on
 * simulated custody, KYC or email. Not done at import time, so tests may call services in production mode.
 */
export function assertAdaptersReadyForMode(config: Env = env()): void {
  if (config.APP_ENV !== 'production') return;
  const problems = Object.entries(ADAPTERS)
    .filter(([, adapter]) => config[adapter.variable] === 'sandbox')
    .map(([name, adapter]) => `${name}: ${adapter.variable}=sandbox`);
  if (problems.length > 0) throw new AdapterConfigurationError(problems);
}

/** A production implementation's names for an adapter (the ones the program has besides the sandbox). */
function productionChoices(name: AdapterName): string {
  const choices = (ADAPTERS[name].implementations as readonly string[]).filter(
    (choice) => choice !== 'sandbox',
  );
  return choices.length > 0 ? `choose ${choices.join(' or ')}` : 'no production implementation exists yet';
}

/**
 * Everything that stops this environment from starting, in one list: each bad or missing variable (an adapter's own
 * settings included), and in production also an embedded or missing database, a non-https base URL, weak secrets and
 * every adapter still on its sandbox simulation. Names settings, never their values.
 */
export function startupProblems(source: Record<string, string | undefined>): string[] {
  const problems = envProblems(source);
  if (source.APP_ENV !== 'production') return problems;
  const production = productionSettingProblems(source);
  // The production wording of a problem the parse also found (DATABASE_URL missing) replaces the generic one.
  const restated = new Set(production.map((problem) => problem.split(' ')[0]));
  const sandboxAdapters = Object.entries(ADAPTERS)
    .filter(([, adapter]) => (source[adapter.variable] ?? 'sandbox') === 'sandbox')
    .map(
      ([name, adapter]) =>
        `${adapter.variable}=sandbox: the ${name} simulation is refused in production (${productionChoices(name as AdapterName)})`,
    );
  return [
    ...problems.filter((problem) => !restated.has(problem.split(' ')[0])),
    ...production,
    ...sandboxAdapters,
  ];
}

/**
 * The start-up check of `npm start` (before the embedded database or a build), `next start` (instrumentation), `npm
 * run worker` and `npm run db:migrate`: throws one EnvError listing every problem, else returns the configuration.
 */
export function assertReadyToStart(source: Record<string, string | undefined> = process.env): Env {
  const problems = startupProblems(source);
  if (problems.length > 0) {
    throw new EnvError(
      problems,
      source.APP_ENV === 'production'
        ? `APP_ENV=production cannot start; fix each of these ${problems.length} setting(s) (docs/operating.md "Going live"):`
        : 'Invalid configuration:',
    );
  }
  return parseEnv(source);
}
