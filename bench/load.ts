// Owns the benchmark's load generator: N keep-alive connections sending signed GETs, a fresh token per request.
//
// Runs in its own process so it never shares an event loop with the server it measures. Started by bench/api.ts with an
// IPC channel (config in, result out); also usable by hand against any server:
//   node --import tsx bench/load.ts --base-url http://127.0.0.1:3000 --cred sandbox.json [--uri U] [--connections 20]
//     [--seconds 10] [--warmup 2]
// where sandbox.json is the output of `npm run --silent cli -- sandbox bootstrap --json`.
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { MAX_TOKEN_LIFETIME_SECONDS, signRequest } from '@/lib/platform/client/sign';

export interface LoadCredentials {
  apiKey: string;
  privateKeyPem: string;
  sharedSecret: string;
}

export interface LoadConfig {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Path and query, signed as sent. */
  uri: string;
  credentials: LoadCredentials;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

export interface LoadResult {
  connections: number;
  /** Wall time from the first request to the last response of the timed run. */
  elapsedSeconds: number;
  requests: number;
  /** Every non-200 answer plus every request that got no answer at all. */
  errors: number;
  statuses: Record<string, number>;
  networkErrors: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  /** One entry per request of the timed run, in completion order. */
  latenciesMs: number[];
  responseBytes: number;
  warmup: { requests: number; errors: number; requestsPerSecond: number };
  tokens: {
    /** Signed before the timed run started (its cost is not in the measurement). */
    presigned: number;
    /** Signed during the timed run because the pool ran dry: then signing cost is in the figures. */
    signedDuringRun: number;
    signingSeconds: number;
  };
  /** CPU the load generator itself used during the timed run, per request. */
  loadGeneratorCpuMsPerRequest: number;
}

interface Counters {
  latencies: number[];
  statuses: Map<number, number>;
  networkErrors: number;
  bytes: number;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  const sum = values.reduce((total, value) => total + value, 0);
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    mean: values.length ? sum / values.length : Number.NaN,
    max: values.at(-1) ?? Number.NaN,
  };
}

class TokenPool {
  private tokens: string[] = [];
  private next = 0;
  signedDuringRun = 0;

  constructor(
    private readonly config: LoadConfig,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Signs `count` unique tokens up front (the longest lifetime the server allows, so a long run stays valid). */
  async fill(count: number): Promise<number> {
    const started = performance.now();
    this.tokens = [];
    this.next = 0;
    this.signedDuringRun = 0;
    // Batches keep WebCrypto's thread pool busy without queueing hundreds of thousands of promises at once.
    for (let signed = 0; signed < count; ) {
      const batch = Math.min(1000, count - signed);
      const headers = await Promise.all(Array.from({ length: batch }, () => this.sign()));
      for (const header of headers) this.tokens.push(header);
      signed += batch;
    }
    return (performance.now() - started) / 1000;
  }

  /** A token nobody used yet: from the pool, or signed now when it ran dry. */
  take(): string | Promise<string> {
    const token = this.tokens[this.next];
    if (token !== undefined) {
      this.tokens[this.next] = '';
      this.next += 1;
      return token;
    }
    this.signedDuringRun += 1;
    return this.sign();
  }

  private async sign(): Promise<string> {
    const { authorization } = await signRequest({
      ...this.config.credentials,
      method: 'GET',
      uri: this.config.uri,
      now: this.now(),
      lifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS,
    });
    return authorization;
  }
}

function get(
  agent: http.Agent,
  target: URL,
  uri: string,
  headers: http.OutgoingHttpHeaders,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, hostname: target.hostname, port: target.port, path: uri, method: 'GET', headers },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end();
  });
}

/** Closed loop: each connection sends its next request as soon as the previous answer is read. */
async function drive(
  config: LoadConfig,
  pool: TokenPool,
  seconds: number,
): Promise<Counters & { elapsed: number }> {
  const target = new URL(config.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.connections });
  const counters: Counters = { latencies: [], statuses: new Map(), networkErrors: 0, bytes: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = async () => {
    while (performance.now() < deadline) {
      const authorization = await pool.take();
      const sent = performance.now();
      try {
        const { status, bytes } = await get(agent, target, config.uri, {
          'x-api-key': config.credentials.apiKey,
          authorization,
        });
        counters.latencies.push(performance.now() - sent);
        counters.statuses.set(status, (counters.statuses.get(status) ?? 0) + 1);
        counters.bytes += bytes;
      } catch {
        counters.networkErrors += 1;
        // A refused connection fails at once: back off a little rather than spin.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: config.connections }, connection));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...counters, elapsed };
}

const errorsOf = (counters: Counters) =>
  counters.networkErrors + [...counters.statuses].reduce((sum, [s, n]) => (s === 200 ? sum : sum + n), 0);

/** The timed run's edges, so the caller can sample the servers' CPU over exactly that span. */
export type LoadPhase = 'run-start' | 'run-end';

export async function runLoad(
  config: LoadConfig,
  onPhase: (phase: LoadPhase) => void = () => {},
): Promise<LoadResult> {
  const pool = new TokenPool(config);
  // Warm-up signs on demand (it is not measured); its rate sizes the pool of the timed run.
  const warmup = await drive(config, pool, config.warmupSeconds);
  const warmupRate = warmup.latencies.length / warmup.elapsed;
  // Signing during warm-up slows it down, and the server keeps warming up: three times its rate leaves room.
  const poolSize = Math.ceil(Math.max(warmupRate, 100) * 3 * config.seconds) + config.connections * 10;
  const signingSeconds = await pool.fill(poolSize);

  onPhase('run-start');
  const cpuBefore = process.cpuUsage();
  const run = await drive(config, pool, config.seconds);
  const cpu = process.cpuUsage(cpuBefore);
  onPhase('run-end');
  const requests = run.latencies.length;

  return {
    connections: config.connections,
    elapsedSeconds: run.elapsed,
    requests,
    errors: errorsOf(run),
    statuses: Object.fromEntries([...run.statuses].map(([status, count]) => [String(status), count])),
    networkErrors: run.networkErrors,
    requestsPerSecond: requests / run.elapsed,
    latencyMs: summarize(run.latencies),
    latenciesMs: run.latencies,
    responseBytes: run.bytes,
    warmup: { requests: warmup.latencies.length, errors: errorsOf(warmup), requestsPerSecond: warmupRate },
    tokens: { presigned: poolSize, signedDuringRun: pool.signedDuringRun, signingSeconds },
    loadGeneratorCpuMsPerRequest: requests ? (cpu.user + cpu.system) / 1000 / requests : Number.NaN,
  };
}

function configFromArgs(): LoadConfig {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      cred: { type: 'string' },
      uri: { type: 'string', default: '/api/v2/funding/transactions?limit=100' },
      connections: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
    },
  });
  if (!values['base-url'] || !values.cred) {
    throw new Error(
      'usage: node --import tsx bench/load.ts --base-url URL --cred FILE [--uri U] [--connections N]',
    );
  }
  const cred = JSON.parse(fs.readFileSync(values.cred, 'utf8')) as Record<string, unknown>;
  const text = (name: string) => {
    const value = cred[name];
    if (typeof value !== 'string') throw new Error(`${values.cred}: ${name} missing`);
    return value;
  };
  return {
    baseUrl: values['base-url'],
    uri: values.uri,
    credentials: {
      apiKey: text('api_key'),
      privateKeyPem: text('private_key_pem'),
      sharedSecret: text('shared_secret'),
    },
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
  };
}

// This module is only ever an entry point: bench/api.ts imports its types alone (erased at runtime).
const send = process.send?.bind(process);
if (send) {
  // Started by bench/api.ts: one config in, one result out, then exit.
  process.once('message', (message) => {
    runLoad(message as LoadConfig, (phase) => send({ phase })).then(
      (result) => send({ ok: true, result }, () => process.exit(0)),
      (error: unknown) => send({ ok: false, error: String(error) }, () => process.exit(1)),
    );
  });
} else {
  const { latenciesMs: _all, ...result } = await runLoad(configFromArgs());
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
