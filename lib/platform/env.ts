// Owns the process configuration: every environment variable is parsed and validated here, once.
import { z } from 'zod';
import {
  DEFAULT_EXPORT_CONCURRENCY_TOTAL,
  DEFAULT_HEAVY_CONCURRENCY_PER_ORG,
  DEFAULT_MAX_OPEN_DRAFT_ORDERS,
  DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS,
} from '@/lib/platform/operations/operation';
import { extendedPublicKeyProblem } from './chains/evm-addresses';
import { evmChainCode, knownEvmChains } from './chains/evm-chains';

const base64Key = z
  .string()
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 random bytes in base64');

/** An smtp:// or smtps:// URL naming a host (credentials and port optional). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `address` or `Display name <address>`, the address a plausible mailbox. */
function isMailbox(value: string): boolean {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  APP_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string({ error: 'is required (npm start sets it for the embedded database)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL'),
  /**
   * The schema owner's connection, used only by migrations (`npm run db:migrate`, the launcher's migrate step), which
   * then grant DATABASE_URL's role what the app needs. Unset: migrations run as DATABASE_URL.
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DB_POOL_MAX: positiveInt(10),
  /**
   * What sits between this process and PostgreSQL (docs/decisions/README.md "Connection poolers"). `transaction`: a pooler
   * such as PgBouncer in transaction mode, which hands each transaction to any server connection, so no named prepared
   * statements, no startup parameters beyond the ones PgBouncer tracks, no LISTEN and no in-process worker.
   * `session` and `none` (default) keep one server connection per client connection.
   */
  DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
  AUTH_SECRET: base64Key,
  ENCRYPTION_KEY: base64Key,
  /** Id stored with each ciphertext so the key can be rotated; older keys stay readable via ENCRYPTION_KEYS_PREVIOUS. */
  ENCRYPTION_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, _ or -')
    .default('k1'),
  /** Comma-separated `id:base64key` pairs of retired keys that may still decrypt old ciphertexts. */
  ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .regex(
      /^([A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=]+)(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=]+)*$/,
      'must be id:base64key[,id:base64key…]',
    )
    .refine(
      (value) =>
        value.split(',').every((pair) => Buffer.from(pair.split(':')[1] ?? '', 'base64').length === 32),
      'must hold only 32-byte keys (base64) after each id',
    )
    .optional(),
  /**
   * Proxies in front of `npm start` that append to X-Forwarded-For (0: clients connect directly, and the address is
   * the socket's). The front (scripts/front.mjs) applies it with the same rule.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(20).default(0),
  APP_BASE_URL: z.url({ error: 'must be an absolute http(s) URL' }).default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Whether `next start` runs the graphile-worker in-process (scale-out sets it to false and runs `npm run worker`). */
  WORKER_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WORKER_CONCURRENCY: positiveInt(2),
  /**
   * Seconds between a worker process's heartbeats (worker_heartbeats). `/api/health/ready` wants one within 3× this, so
   * app instances and workers must share the value.
   */
  WORKER_HEARTBEAT_SECONDS: positiveInt(10),
  /**
   * Bearer token a Prometheus scraper presents to GET /api/metrics (`Authorization: Bearer …`); unset, only signed-in
   * provider staff can read the metrics. At least 32 characters, so it cannot be guessed.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  /**
   * OTLP/HTTP endpoint of a trace collector (e.g. http://otel-collector:4318); set, each API request is exported as a
   * span. Unset (the default), tracing is off and its packages are never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  /** Largest request body the API accepts, in bytes (413 above it). */
  MAX_BODY_BYTES: positiveInt(1_048_576),
  /**
   * Largest body an operation that needs no credentials accepts (sign-up, password reset), in bytes (413 above it).
   * Authenticated operations read their body only after authentication, so this is all a stranger can make us read.
   */
  MAX_UNAUTHENTICATED_BODY_BYTES: positiveInt(16_384),
  /**
   * Lets webhooks go to http URLs and to private, loopback and other internal addresses: local testing only. Unset,
   * it is true only for the embedded sandbox (APP_ENV=sandbox and no DATABASE_URL given, i.e. EMBEDDED_DATABASE set
   * by the launcher); it may never be true in production.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Test events and re-sends one webhook endpoint may be sent per minute (429 past it), so nobody floods a host. */
  WEBHOOK_MANUAL_SENDS_PER_ENDPOINT: positiveInt(10),
  /** Test events and re-sends one organization may ask for per minute over all its endpoints. */
  WEBHOOK_MANUAL_SENDS_PER_ORGANIZATION: positiveInt(30),
  /** Webhook deliveries in flight at once per worker process (their own pool, so slow receivers never hold up other jobs). */
  WEBHOOK_CONCURRENCY: positiveInt(8),
  /** Deliveries in flight at once to any one endpoint, so one slow endpoint takes at most this many of those slots. */
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(2),
  /**
   * Tenant limits (DESIGN "Tenant limits"): heavy operations (createBatch over 1,000 orders, the CSV source file,
   * exports, statements, receipts) running at once per organization and operation in this process; 429 above it.
   */
  HEAVY_CONCURRENCY_PER_ORG: positiveInt(DEFAULT_HEAVY_CONCURRENCY_PER_ORG),
  /** Streamed exports and statements running at once in this process over every organization; 429 above it. */
  EXPORT_CONCURRENCY_TOTAL: positiveInt(DEFAULT_EXPORT_CONCURRENCY_TOTAL),
  /** Open draft orders one organization may hold; createBatch above it is 400 `draft_limit_reached`. */
  MAX_OPEN_DRAFT_ORDERS: positiveInt(DEFAULT_MAX_OPEN_DRAFT_ORDERS),
  /** Seconds a streamed answer waits for the client to take its next chunk before the stream is aborted. */
  STREAM_WRITE_TIMEOUT_SECONDS: positiveInt(DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS),
  /** Set by the launcher when it started the embedded PostgreSQL (DATABASE_URL was not given). */
  EMBEDDED_DATABASE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  QUOTE_TTL_MINUTES: positiveInt(30),
  DRAFT_BATCH_TTL_DAYS: positiveInt(7),
  FUNDING_WINDOW_MINUTES: positiveInt(60),
  /** The provider's margin in basis points for an organization without its own (organization_margins). */
  DEFAULT_MARGIN_BPS: z.coerce.number().min(0).max(9999).default(50),
  /** Sandbox only: seconds between the automatic lifecycle steps of a confirmed order; 0 turns them off. */
  IDEMPOTENCY_TTL_HOURS: positiveInt(24),
  /** Seconds between automatic sandbox steps (withdrawals, orders); 0 turns them off so tests drive every step. */
  SANDBOX_STEP_SECONDS: z.coerce.number().int().min(0).default(3),
  DEFAULT_RATE_LIMIT_PER_MINUTE: positiveInt(100),
  AUTH_FAILURE_LIMIT_PER_MINUTE: positiveInt(30),
  /** Wrong passwords one account may receive per 5-minute window before sign-in is refused at once. */
  SIGN_IN_FAILURES_PER_ACCOUNT: positiveInt(10),
  /** Wrong passwords one client address may send per 5-minute window, over all accounts. */
  SIGN_IN_FAILURES_PER_ADDRESS: positiveInt(50),
  /**
   * Requests one client address may make per minute to each public step of signing in (sign-in, sign-up by
   * invitation, password reset request and completion, invitation look-ups); 429 past it.
   */
  PUBLIC_AUTH_REQUESTS_PER_MINUTE: positiveInt(30),
  /**
   * Provider adapters (`lib/platform/adapters/<name>`). Production start-up refuses the sandbox simulations
   * (lib/platform/adapters/registry.ts). `manual` custody and the `operations` rail are run by the provider's people.
   */
  /** Seconds one adapter's probe (health.probe-adapters, each minute) may take before the adapter counts as degraded. */
  ADAPTER_PROBE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(50).default(10),
  CUSTODY_ADAPTER: z.enum(['sandbox', 'manual', 'evm']).default('sandbox'),
  /**
   * CUSTODY_ADAPTER=evm (docs/operating.md "Chain custody"): the JSON-RPC endpoint of the provider's node or RPC service,
   * http(s). Credentials in it (a key in the path or query) never reach a log, a probe or an answer.
   */
  CUSTODY_RPC_URL: z
    .string()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .optional(),
  /** CUSTODY_ADAPTER=evm: the network's EIP-155 chain id (1: Ethereum), mapped to one of the deployment's chains. */
  CUSTODY_EVM_CHAIN_ID: z.coerce
    .number()
    .int()
    .positive()
    .refine((value) => evmChainCode(value) !== undefined, {
      error: () => `must be a chain id this deployment knows (${knownEvmChains()})`,
    })
    .optional(),
  /** CUSTODY_ADAPTER=evm: the USDT (ERC-20) contract whose transfers are watched. */
  CUSTODY_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a contract address, 0x and 40 hex digits')
    .optional(),
  /** The token's decimals: 6 for USDT on Ethereum, 18 on BNB Chain (credited rounded down to 6, the raw amount kept). */
  CUSTODY_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  /** CUSTODY_ADAPTER=evm: the provider's BIP32 extended public key at account level; addresses are its 0/<index>. */
  CUSTODY_XPUB: z
    .string()
    .refine((value) => extendedPublicKeyProblem(value) === null, {
      error: (issue) => extendedPublicKeyProblem(String(issue.input)) ?? 'is invalid',
    })
    .optional(),
  /** Blocks (the transfer's own included) before a deposit is credited or a withdrawal counts as confirmed. */
  CUSTODY_CONFIRMATIONS: z.coerce.number().int().min(1).max(10_000).default(12),
  /** CUSTODY_ADAPTER=evm: the first block the watcher reads (one before the first deposit address existed). */
  CUSTODY_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Seconds one JSON-RPC call may take before it counts as failed (the watcher's pass then keeps nothing). */
  CUSTODY_RPC_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** Seconds between the watcher's looks at the chain once it has caught up (CUSTODY_ADAPTER=evm). */
  CUSTODY_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Blocks one `eth_getLogs` call covers at most (RPC services cap ranges; 1,000 is accepted by the common ones). */
  CUSTODY_SCAN_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /**
   * The chains the provider's custodian holds USDT on, as chain codes (`tron,ethereum`): the migrate step makes them
   * the active chains and disables the others (lib/platform/chains/custody-chains.ts). Unset: statuses are left alone.
   */
  CUSTODY_CHAINS: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be chain codes separated by commas, e.g. tron,ethereum')
    .transform((value) => [...new Set(value.split(','))])
    .optional(),
  /** `manual`: no automated screening; every submitted profile waits for staff in the review queue. */
  KYC_ADAPTER: z.enum(['sandbox', 'manual']).default('sandbox'),
  EMAIL_ADAPTER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  /**
   * EMAIL_ADAPTER=smtp: the mail server, `smtp://user:pass@host:587` (STARTTLS when offered; required when credentials
   * go to a host other than this machine) or `smtps://…:465` (TLS from the start). Its password is never logged.
   */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587)')
    .optional(),
  /** EMAIL_ADAPTER=smtp: the sender, `noreply@example.com` or `Payout portal <noreply@example.com>`. */
  EMAIL_FROM: z
    .string()
    .refine(isMailbox, 'must be an email address, optionally as Name <address>')
    .optional(),
  /** `manual`: treasury rate sheets (the support console); `http`: a feed polled at RATES_URL (docs/operating.md "Rates"). */
  RATES_ADAPTER: z.enum(['sandbox', 'manual', 'http']).default('sandbox'),
  /** The rates feed (RATES_ADAPTER=http): an http(s) URL; credentials in it never reach a log, a probe or an answer. */
  RATES_URL: z
    .string()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .optional(),
  /** Rates older than this (by the feed's `as_of`) are refused: quoting answers 503 `rates_unavailable`. */
  RATES_MAX_AGE_SECONDS: positiveInt(300),
  /** How often the worker polls RATES_URL (it checks every minute; a longer interval skips ticks). */
  RATES_POLL_INTERVAL_SECONDS: positiveInt(60),
  /** Feed rates older than this many days are thinned to the last of each hour; rates a quote used are always kept. */
  RATES_FEED_RETENTION_DAYS: positiveInt(30),
  PAYOUT_RAIL_ADAPTER: z.enum(['sandbox', 'operations']).default('sandbox'),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'WEBHOOK_ALLOW_PRIVATE_URLS'> & { WEBHOOK_ALLOW_PRIVATE_URLS: boolean };

/** Settings whose default depends on others, and combinations no single field can refuse: every one found. */
function resolveDerived(parsed: ParsedEnv): Env | string[] {
  const problems: string[] = [];
  const allowPrivate =
    parsed.WEBHOOK_ALLOW_PRIVATE_URLS ?? (parsed.APP_ENV === 'sandbox' && parsed.EMBEDDED_DATABASE);
  if (allowPrivate && parsed.APP_ENV === 'production') {
    problems.push('WEBHOOK_ALLOW_PRIVATE_URLS must not be true when APP_ENV=production');
  }
  if (parsed.DATABASE_POOLER === 'transaction' && parsed.WORKER_IN_PROCESS) {
    // graphile-worker holds LISTEN and session advisory locks, which a transaction pooler does not keep.
    problems.push(
      'WORKER_IN_PROCESS must be false when DATABASE_POOLER=transaction: run `npm run worker` on a direct (or session-mode) DATABASE_URL',
    );
  }
  const evmChain = parsed.CUSTODY_EVM_CHAIN_ID && evmChainCode(parsed.CUSTODY_EVM_CHAIN_ID);
  if (
    parsed.CUSTODY_ADAPTER === 'evm' &&
    evmChain &&
    parsed.CUSTODY_CHAINS &&
    !parsed.CUSTODY_CHAINS.includes(evmChain)
  ) {
    problems.push(
      `CUSTODY_CHAINS must include ${evmChain}: CUSTODY_EVM_CHAIN_ID=${parsed.CUSTODY_EVM_CHAIN_ID} is the chain custody watches`,
    );
  }
  if (problems.length > 0) return problems;
  return { ...parsed, WEBHOOK_ALLOW_PRIVATE_URLS: allowPrivate };
}

/**
 * The settings each adapter implementation needs, checked whenever it is chosen (in the sandbox too: production
 * implementations may run there). Their format is the field's own schema above; this only says "required when".
 * An implementation that needs settings adds its line here when it joins its `<NAME>_ADAPTER` enum.
 */
export const ADAPTER_IMPLEMENTATION_SETTINGS: Readonly<
  Record<string, Readonly<Record<string, readonly string[]>>>
> = {
  EMAIL_ADAPTER: { smtp: ['SMTP_URL', 'EMAIL_FROM'] },
  RATES_ADAPTER: { http: ['RATES_URL'] },
  CUSTODY_ADAPTER: {
    evm: [
      'CUSTODY_RPC_URL',
      'CUSTODY_EVM_CHAIN_ID',
      'CUSTODY_TOKEN_ADDRESS',
      'CUSTODY_XPUB',
      'CUSTODY_START_BLOCK',
    ],
  },
};

/** Settings an adapter's chosen implementation needs and the environment lacks (read raw, so listed beside the rest). */
function missingAdapterSettings(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const [variable, byImplementation] of Object.entries(ADAPTER_IMPLEMENTATION_SETTINGS)) {
    const chosen = source[variable];
    // Own keys only: a value such as `constructor` names no implementation.
    const needed = chosen && Object.hasOwn(byImplementation, chosen) ? byImplementation[chosen] : [];
    for (const setting of needed ?? []) {
      if (!source[setting]) problems.push(`${setting} is missing: required when ${variable}=${chosen}`);
    }
  }
  return problems;
}

export class EnvError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid configuration:',
  ) {
    super(`${heading}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Every bad or missing variable of an environment (empty: it parses), never a value. */
export function envProblems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

/** Parses an environment; throws EnvError whose message names every bad or missing variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const missing = missingAdapterSettings(source);
  if (result.success) {
    const resolved = resolveDerived(result.data);
    if (Array.isArray(resolved)) throw new EnvError([...resolved, ...missing]);
    if (missing.length > 0) throw new EnvError(missing);
    return resolved;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && source[name] === undefined;
    return missing ? `${name} is missing: ${issue.message}` : `${name} ${issue.message}`;
  });
  // A setting both required by an adapter and refused by its own schema is named once.
  const named = new Set(problems.map((problem) => problem.split(' ')[0]));
  throw new EnvError([...problems, ...missing.filter((problem) => !named.has(problem.split(' ')[0]))]);
}

/** Distinct byte values a 32-byte secret must hold: a random one has about 31, a typed or repeated one far fewer. */
const MIN_DISTINCT_SECRET_BYTES = 16;

/**
 * What production asks beyond a parsable environment, read raw so each is listed beside the parse problems: an
 * external database (the embedded one is a sandbox convenience), an https base URL, and secrets that look random and
 * differ from each other. Names settings, never their values.
 */
export function productionSettingProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (!source.DATABASE_URL) {
    problems.push(
      'DATABASE_URL is missing: production needs an external PostgreSQL (the embedded database is a sandbox convenience)',
    );
  } else if (source.EMBEDDED_DATABASE === 'true') {
    problems.push('EMBEDDED_DATABASE must not be true in production: use an external PostgreSQL');
  }
  const baseUrl = source.APP_BASE_URL;
  let protocol: string | undefined;
  try {
    protocol = baseUrl ? new URL(baseUrl).protocol : undefined;
  } catch {
    // Refused by its own schema.
  }
  if (!baseUrl) problems.push('APP_BASE_URL is missing: production needs the https:// address clients use');
  else if (protocol && protocol !== 'https:') {
    problems.push(`APP_BASE_URL must be an https:// URL in production (it is ${protocol}//…)`);
  }
  for (const name of ['AUTH_SECRET', 'ENCRYPTION_KEY'] as const) {
    const bytes = Buffer.from(source[name] ?? '', 'base64');
    // Length is the field's own check; here only whether 32 bytes look random.
    if (bytes.length === 32 && new Set(bytes).size < MIN_DISTINCT_SECRET_BYTES) {
      problems.push(`${name} is too weak for production: generate it with openssl rand -base64 32`);
    }
  }
  if (source.AUTH_SECRET && source.AUTH_SECRET === source.ENCRYPTION_KEY) {
    problems.push(
      'AUTH_SECRET and ENCRYPTION_KEY must differ: one key must not both sign sessions and encrypt data',
    );
  }
  return problems;
}

let cached: Env | undefined;

/** The validated environment of this process, parsed on first use so `next build` needs none of it. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forget the parsed environment (tests change process.env between cases). */
export function resetEnvCache(): void {
  cached = undefined;
}

export const isSandbox = (): boolean => env().APP_ENV === 'sandbox';
