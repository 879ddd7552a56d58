// Owns the pipeline's traffic: integrators on the signing client, their requests spread over every app instance
// (a load balancer's round robin: a retry goes to the next instance, so one killed mid-request is retried on
// another), doing what a payout integrator does — deposits, createBatch of mixed sizes, confirm, withdrawals — while
// the sandbox lifecycle moves the orders by itself. Every answer is recorded for the invariants (5xx window,
// idempotent retries).
import { randomUUID } from 'node:crypto';
import { type FetchLike, PayoutApiClient, PayoutApiError } from '@/lib/platform/client/client';
import type { ManagedProcess } from './cluster';
import type { Receiver } from './receiver';

export interface BootstrappedOrg {
  org_id: string;
  api_key: string;
  private_key_pem: string;
  shared_secret: string;
  senders: { id: string; country: string }[];
  beneficiaries: { id: string; sender_profile_id: string; currency: string }[];
}

export interface Answer {
  /** When the request was sent, and when its answer (or its failure) came. */
  sentAt: number;
  at: number;
  method: string;
  path: string;
  instance: string;
  /** HTTP status, or 0 when no answer came (the instance was down or died mid-request). */
  status: number;
}

export interface SentOrder {
  id: string;
  orgId: string;
  batchId: string;
  /** When the createBatch request was sent. */
  createdAt: number;
  expected: 'COMPLETED' | 'FAILED';
}

/** One POST sent more than once with the same Idempotency-Key, and what each attempt answered. */
export interface Repeat {
  key: string;
  path: string;
  statuses: number[];
  resourceIds: (string | undefined)[];
  replayed: (string | null)[];
}

/**
 * A POST whose key still answered `idempotency_key_in_use` when the client gave up: its first attempt died with the
 * instance that ran it, and the key stays claimed until the takeover age (lib/platform/http/idempotency.ts). Its outcome is
 * checked at the end: never run (record still in progress) or run once (completed, and a re-send replays it).
 */
export interface Unresolved {
  integrator: Integrator;
  key: string;
  path: string;
  body: unknown;
  at: number;
}

export interface Integrator {
  org: BootstrappedOrg;
  client: PayoutApiClient;
  walletId: string | undefined;
  endpointCreatedAt: string;
}

/** The load balancer: round robin over the instances, recording every answer. */
export class Spread {
  private next = 0;
  /** Only the first `active` instances receive traffic (the one-instance phase uses 1). */
  active: number;
  readonly answers: Answer[] = [];
  /** Requests sent to each instance and not answered yet. */
  private readonly pending = new Map<string, number>();
  constructor(private readonly apps: ManagedProcess[]) {
    this.active = apps.length;
  }

  readonly fetch: FetchLike = async (url, init) => {
    const app = this.apps[this.next++ % this.active]!;
    const target = new URL(url);
    target.host = `127.0.0.1:${app.port}`;
    const method = init.method ?? 'GET';
    this.pending.set(app.name, this.inFlight(app.name) + 1);
    const sentAt = Date.now();
    // Status 0: no answer at all (the instance was killed or refused the connection).
    const record = (status: number) =>
      this.answers.push({
        sentAt,
        at: Date.now(),
        method,
        path: target.pathname,
        instance: app.name,
        status,
      });
    try {
      const response = await fetch(target, init);
      record(response.status);
      return response;
    } catch (error) {
      record(0);
      throw error;
    } finally {
      this.pending.set(app.name, this.inFlight(app.name) - 1);
    }
  };

  inFlight(instance: string): number {
    return this.pending.get(instance) ?? 0;
  }
}

export function clientFor(org: BootstrappedOrg, spread: Spread): PayoutApiClient {
  return new PayoutApiClient({
    baseUrl: 'http://127.0.0.1',
    apiKey: org.api_key,
    privateKeyPem: org.private_key_pem,
    sharedSecret: org.shared_secret,
    fetch: spread.fetch,
    // Long enough to ride out a database restart (a few seconds) on either instance.
    maxRetries: 10,
    retryBaseMs: 100,
    retryMaxMs: 2_000,
  });
}

/** Registers the receiver as a webhook endpoint of every event type, and finds a wallet to withdraw to. */
export async function prepareIntegrator(
  org: BootstrappedOrg,
  spread: Spread,
  receiver: Receiver,
  index: number,
): Promise<Integrator> {
  const client = clientFor(org, spread);
  const hookPath = `/hooks/${index}`;
  const endpoint = await client.post<{ secret: string; created_at: string }>('/api/v2/webhooks/endpoints', {
    url: `http://127.0.0.1:${receiver.port}${hookPath}`,
    event_types: ['*'],
  });
  receiver.addSecret(hookPath, endpoint.data.secret);
  const wallets = await client.get<{ items: { id: string; status: string }[] }>(
    '/api/v2/liquidity/management/wallets',
  );
  const wallet = wallets.data.items.find((w) => w.status === 'ACTIVE');
  return { org, client, walletId: wallet?.id, endpointCreatedAt: endpoint.data.created_at };
}

export interface TrafficOptions {
  /** Concurrent request loops per organization. */
  loopsPerOrg: number;
  /** Submissions go on while this holds. */
  keepGoing: () => boolean;
  /** Batch sizes, cycled. */
  sizes: number[];
  /** Every n-th POST is sent a second time with the same key, to another instance: an integrator retrying. */
  repeatEvery: number;
}

export interface TrafficResult {
  orders: SentOrder[];
  repeats: Repeat[];
  deposits: number;
  withdrawals: number;
  batches: number;
  unresolved: Unresolved[];
  /** Requests that failed after the client's retries, by message (none expected). */
  failures: string[];
}

let sequence = 0;

/** Amounts unique to this run, so each deposit or withdrawal is found by its amount. */
const uniqueAmount = (base: number) => `${base}.${String(++sequence).padStart(6, '0')}`;

function orderAmount(n: number): { amount: string; expected: 'COMPLETED' | 'FAILED' } {
  // One order in ten takes the sandbox's failure path (…666): the run ends in both terminal states.
  if (n % 10 === 9) return { amount: '1666.00', expected: 'FAILED' };
  const whole = 100 + (n % 400);
  return { amount: `${whole}.${String(n % 100).padStart(2, '0')}`, expected: 'COMPLETED' };
}

export async function runTraffic(integrators: Integrator[], options: TrafficOptions): Promise<TrafficResult> {
  const result: TrafficResult = {
    orders: [],
    repeats: [],
    deposits: 0,
    withdrawals: 0,
    batches: 0,
    unresolved: [],
    failures: [],
  };
  let posts = 0;

  /** A POST through the client (which retries with one key); every n-th is repeated with that key. */
  const post = async <T extends Record<string, unknown>>(
    integrator: Integrator,
    path: string,
    body: unknown,
    idOf: (data: T) => string | undefined,
  ): Promise<T> => {
    const key = randomUUID();
    const first = await integrator.client.post<T>(path, body, { idempotencyKey: key }).catch((error) => {
      if (error instanceof PayoutApiError && error.code === 'idempotency_key_in_use') {
        result.unresolved.push({ integrator, key, path, body, at: Date.now() });
      }
      throw error;
    });
    if (++posts % options.repeatEvery === 0) {
      // The answer "was lost": the same request again with the same key, on whichever instance is next.
      const again = await integrator.client
        .request<T>('POST', path, { body, idempotencyKey: key })
        .catch((error) => {
          if (error instanceof PayoutApiError)
            return { status: error.status, data: {} as T, headers: new Headers() };
          throw error;
        });
      result.repeats.push({
        key,
        path,
        statuses: [first.status, again.status],
        resourceIds: [idOf(first.data), idOf(again.data)],
        replayed: [first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')],
      });
    }
    return first.data;
  };

  const loop = async (integrator: Integrator, loopIndex: number) => {
    const { org } = integrator;
    const eur = org.beneficiaries.find((b) => b.currency === 'EUR')!;
    const gbp = org.beneficiaries.find((b) => b.currency === 'GBP')!;
    for (let iteration = 0; options.keepGoing(); iteration += 1) {
      try {
        if (iteration % 3 === 0) {
          await post(
            integrator,
            '/api/v2/sandbox/deposits',
            { amount: uniqueAmount(200_000), chain: 'tron' },
            (d: { id?: string }) => d.id,
          );
          result.deposits += 1;
        }
        const size = options.sizes[(iteration + loopIndex) % options.sizes.length]!;
        const createdAt = Date.now();
        const orders = Array.from({ length: size }, (_, i) => {
          const beneficiary = i % 2 === 0 ? eur : gbp;
          const { amount } = orderAmount(result.orders.length + i);
          return {
            sender_profile_id: beneficiary.sender_profile_id,
            beneficiary_profile_id: beneficiary.id,
            beneficiary_amount: amount,
            beneficiary_currency: beneficiary.currency,
            fee_type: i % 3 === 0 ? 'SHA' : 'OUR',
            purpose_code: 'GDSP',
          };
        });
        const created = await post<{
          batch: { id: string; review_digest: string };
          orders: { id: string; beneficiary_amount: string }[];
        }>(integrator, '/api/v2/payouts', { orders }, (d) => d.batch?.id);
        result.batches += 1;
        // On what it reviewed, as an integrator does (a sandbox organization requires the digest, DESIGN "Approvals").
        await post<{ batch: { id: string } }>(
          integrator,
          `/api/v2/payouts/${created.batch.id}/confirm`,
          { review_digest: created.batch.review_digest },
          (d) => d.batch?.id,
        );
        for (const order of created.orders) {
          result.orders.push({
            id: order.id,
            orgId: org.org_id,
            batchId: created.batch.id,
            createdAt,
            expected: order.beneficiary_amount.split('.')[0]!.endsWith('666') ? 'FAILED' : 'COMPLETED',
          });
        }
        if (integrator.walletId && iteration % 4 === 1) {
          await post(
            integrator,
            '/api/v2/liquidity/management/withdrawals',
            { amount: uniqueAmount(10), wallet_id: integrator.walletId },
            (d: { id?: string }) => d.id,
          );
          result.withdrawals += 1;
        }
      } catch (error) {
        const unresolved = error instanceof PayoutApiError && error.code === 'idempotency_key_in_use';
        if (!unresolved) {
          const detail = error instanceof PayoutApiError ? ` (${error.status} ${error.code})` : '';
          result.failures.push(
            `${new Date().toISOString()} ${error instanceof Error ? error.message : String(error)}${detail}`,
          );
        }
        // Never spin on a persistent failure.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };

  await Promise.all(
    integrators.flatMap((integrator) =>
      Array.from({ length: options.loopsPerOrg }, (_, i) => loop(integrator, i)),
    ),
  );
  return result;
}
