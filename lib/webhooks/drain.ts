// Owns draining one endpoint's deliveries: a graphile-worker job (`webhooks.drain`) that holds the endpoint's lease,
// claims its due deliveries (and re-sends) in chunks, makes up to WEBHOOK_ENDPOINT_CONCURRENCY attempts at once,
// records their answers in batches, and loops until none is due — then leaves, with a job at the next retry time.
//
// Why a drain per endpoint and not a job per attempt: a job costs a NOTIFY in the committing transaction and a fetch,
// a lock and a completion in the worker, per delivery; a drain costs one round trip per chunk (it records the last
// chunk's answers and claims the next one in the same statement) and nothing per event once it runs.
//
// The protocol that makes sure a committed delivery is always drained (no lost wake-up), with the lock of
// `webhook_wake_drains` (migration 0012):
// - A transaction that inserts deliveries takes each endpoint's advisory lock SHARED, then (in a later snapshot) adds a
//   drain job for each endpoint whose lease (webhook_endpoint_drains) is missing or expired.
// - A drain leaves only inside a transaction that got the same lock EXCLUSIVELY without waiting (try): every
//   transaction that inserted deliveries before has then ended, so the statement that checks that nothing is due and
//   deletes the lease sees all of them. Any transaction after it finds no lease and adds a job. If the lock is busy,
//   someone is committing a delivery right now: the drain stays and claims it.
// - The lease expires (DRAIN_LEASE_MS) unless renewed, so a crashed worker's endpoint is taken over: by the next
//   delivery's transaction, or by the sweep (`webhooks.sweep`, each minute) for endpoints with due deliveries and no
//   live lease. Deliveries a crashed drain had claimed are still due (claiming writes nothing): they are attempted
//   again (at-least-once).
import crypto from 'node:crypto';
import os from 'node:os';
import { sqlClient } from '@/db/client';
import { now } from '@/lib/clock';
import { env } from '@/lib/env';
import { describeError, log } from '@/lib/log';
import {
  type AttemptAnswer,
  type DeliveryEndpoint,
  type DeliveryToAttempt,
  giveUp,
  makeAttempt,
} from './deliver';
import { nextAttemptAt } from './retry-schedule';

export const DRAIN_TASK = 'webhooks.drain';
/** A drain's hold on its endpoint, renewed at each round trip: how long a crashed worker's endpoint waits. */
export const DRAIN_LEASE_MS = 30_000;
/** A lease handed to a queued drain job (the job exists: it was added in the same statement). */
const HANDOVER_LEASE_MS = 5 * 60_000;
/** After this long a drain hands its endpoint over to a new job at the back of the queue: fairness between endpoints. */
const SLICE_MS = 10_000;
/** Idle this long (nothing due, nothing in flight), a drain tries to leave. */
const LINGER_MS = 1_000;
/** Polls for new deliveries while lingering: from 2 ms after a chunk came back short, doubling to this. */
const MAX_POLL_MS = 100;
/** Answers wait at most this long to be recorded with others (a crash before then repeats those deliveries). */
const FLUSH_MS = 25;
/** First key of the endpoint's advisory lock (the second is hashtext(endpoint id)); "whkd". */
export const DRAIN_LOCK_CLASS = 2003331940;

// ---------------------------------------------------------------------------------------------------------------
// Process-wide: how many attempts may be in flight at once (WEBHOOK_CONCURRENCY) across every drain of this process.

class Slots {
  private waiting = new Set<() => void>();
  constructor(private free: number) {}

  tryTake(): boolean {
    if (this.free <= 0) return false;
    this.free -= 1;
    return true;
  }

  release(): void {
    this.free += 1;
    for (const wake of this.waiting) wake();
  }

  /** Calls `wake` at each release until the returned function is called. */
  onRelease(wake: () => void): () => void {
    this.waiting.add(wake);
    return () => this.waiting.delete(wake);
  }
}

interface DrainPool {
  slots: Slots;
  stopping: boolean;
  /** Wakes every running drain (to notice `stopping`). */
  drains: Set<() => void>;
}

let pool: DrainPool | undefined;

/** Called by the worker before it runs drain jobs: `concurrency` attempts in flight at most in this process. */
export function startDrainPool(concurrency: number): void {
  pool = { slots: new Slots(concurrency), stopping: false, drains: new Set() };
}

/** Running drains finish their attempts, record them, and hand their endpoints over to new jobs. */
export function stopDrainPool(): void {
  if (!pool) return;
  pool.stopping = true;
  for (const wake of pool.drains) wake();
}

function currentPool(): DrainPool {
  pool ??= { slots: new Slots(env().WEBHOOK_CONCURRENCY), stopping: false, drains: new Set() };
  return pool;
}

// ---------------------------------------------------------------------------------------------------------------
// SQL

interface RoundRow {
  endpoint_id: string | null;
  org_id: string | null;
  url: string | null;
  endpoint_status: string | null;
  signing_secret_encrypted: string | null;
  previous_signing_secret_encrypted: string | null;
  previous_secret_expires_at: string | null;
  recorded: number;
  id: string | null;
  manual: boolean | null;
  resend_requested_at: string | null;
  attempts: number | null;
  created_at: string | null;
  event_id: string | null;
  event_type: string | null;
  event_data: Record<string, unknown> | null;
  event_created_at: string | null;
}

interface Claimed extends DeliveryToAttempt {
  manual: boolean;
  /** The re-send request this attempt answers (cleared when recorded, unless asked again meanwhile). */
  resendRequestedAt: string | null;
  endpoint: DeliveryEndpoint;
}

/** One answer, as the round trip's recordset takes it. */
interface Outcome {
  id: string;
  manual: boolean;
  ok: boolean;
  next_attempt_at: string | null;
  at: string;
  response_status: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
  requested_at: string | null;
  /** When the answer came (ms, this process), for FLUSH_MS. */
  doneAt: number;
}

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;
const iso = (date: Date) => date.toISOString();

// ---------------------------------------------------------------------------------------------------------------

export type DrainEnd = 'not-taken' | 'idle' | 'handed-over' | 'lease-lost';

export interface DrainOptions {
  /** Test-only: stop after this many milliseconds instead of SLICE_MS. */
  sliceMs?: number;
}

/** Runs one drain of an endpoint (the `webhooks.drain` task). Returns how it ended. */
export async function drainEndpoint(endpointId: string, options: DrainOptions = {}): Promise<DrainEnd> {
  const drain = new Drain(endpointId, currentPool(), options.sliceMs ?? SLICE_MS);
  if (!(await drain.takeLease())) return 'not-taken';
  return drain.run();
}

class Drain {
  private readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;
  private readonly perEndpoint = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  private readonly inflight = new Set<string>();
  private buffer: Claimed[] = [];
  private finished: Outcome[] = [];
  private leaving: DrainEnd | undefined;
  private wakeUp: (() => void) | undefined;
  private attempts = 0;

  constructor(
    private readonly endpointId: string,
    private readonly pool: DrainPool,
    private readonly sliceMs: number,
  ) {}

  /** Takes the endpoint's lease if nobody holds it (or the holder's lease expired, or it was handed to a job). */
  async takeLease(): Promise<boolean> {
    const at = now();
    const rows = await sqlClient()`
      insert into webhook_endpoint_drains (endpoint_id, org_id, owner, lease_expires_at)
      select id, org_id, ${this.owner}, ${iso(new Date(at.getTime() + DRAIN_LEASE_MS))}::timestamptz
      from webhook_endpoints where id = ${this.endpointId}::uuid
      on conflict (endpoint_id) do update set owner = excluded.owner, lease_expires_at = excluded.lease_expires_at
      where webhook_endpoint_drains.lease_expires_at <= ${iso(at)}::timestamptz
        or webhook_endpoint_drains.owner = 'queued'
      returning owner`;
    return rows.length === 1;
  }

  private wake = () => {
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
  };

  /** Waits for an answer, a free slot, the pool stopping, or `ms`. */
  private async sleep(ms: number): Promise<void> {
    if (ms <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async run(): Promise<DrainEnd> {
    const started = Date.now();
    const stopRelease = this.pool.slots.onRelease(this.wake);
    this.pool.drains.add(this.wake);
    try {
      return await this.loop(started);
    } catch (error) {
      // Let the attempts in flight end and keep their answers if the database allows; the lease expires by itself.
      while (this.inflight.size > 0) await this.sleep(1_000);
      await this.roundTrip(0).catch(() => {});
      throw error;
    } finally {
      stopRelease();
      this.pool.drains.delete(this.wake);
    }
  }

  private async loop(started: number): Promise<DrainEnd> {
    let pollAt = 0;
    let pollDelay = 0;
    let idleSince: number | undefined;
    for (;;) {
      if (!this.leaving && (this.pool.stopping || Date.now() - started >= this.sliceMs)) {
        this.leaving = 'handed-over';
      }
      if (this.leaving) this.buffer = []; // claimed but not sent: still due, the next drain takes them
      this.startBuffered();

      const room = this.leaving ? 0 : 2 * this.perEndpoint - this.inflight.size - this.buffer.length;
      const claim =
        room > 0 && this.inflight.size + this.buffer.length < this.perEndpoint && Date.now() >= pollAt;
      const oldest = this.finished[0]?.doneAt;
      const flush =
        oldest !== undefined &&
        (this.finished.length >= this.perEndpoint ||
          Date.now() - oldest >= FLUSH_MS ||
          this.inflight.size === 0);
      if (claim || flush) {
        const requested = claim ? room : 0;
        const got = await this.roundTrip(requested);
        if (requested > 0) {
          if (got < requested) {
            pollDelay = Math.min(MAX_POLL_MS, pollDelay === 0 ? 2 : pollDelay * 2);
            pollAt = Date.now() + pollDelay;
          } else {
            pollDelay = 0;
            pollAt = 0;
          }
        }
        if (got > 0) idleSince = undefined;
        continue;
      }

      const busy = this.inflight.size > 0 || this.buffer.length > 0 || this.finished.length > 0;
      if (!busy) {
        if (this.leaving) return this.leave(this.leaving);
        idleSince ??= Date.now();
        if (Date.now() - idleSince >= LINGER_MS) {
          const left = await this.tryLeave();
          if (left) return left;
          // Someone is committing a delivery to this endpoint right now: stay and claim it.
          idleSince = undefined;
          pollAt = 0;
          pollDelay = 0;
          continue;
        }
      } else {
        idleSince = undefined;
      }
      const until = Math.min(
        pollAt > 0 ? pollAt : Number.POSITIVE_INFINITY,
        oldest !== undefined ? oldest + FLUSH_MS : Number.POSITIVE_INFINITY,
        idleSince !== undefined ? idleSince + LINGER_MS : Number.POSITIVE_INFINITY,
        started + this.sliceMs,
      );
      await this.sleep(Math.max(1, Math.min(until - Date.now(), 1_000)));
    }
  }

  /** Starts buffered deliveries while this endpoint and the process have room. */
  private startBuffered(): void {
    while (this.buffer.length > 0 && this.inflight.size < this.perEndpoint && this.pool.slots.tryTake()) {
      const claimed = this.buffer.shift()!;
      this.inflight.add(claimed.id);
      this.attempts += 1;
      void this.attempt(claimed).finally(() => {
        this.inflight.delete(claimed.id);
        this.pool.slots.release();
        this.wake();
      });
    }
  }

  private async attempt(claimed: Claimed): Promise<void> {
    let answer: AttemptAnswer;
    try {
      answer = await makeAttempt(claimed.endpoint, claimed);
    } catch (error) {
      // A bug, not the receiver: the delivery stays due and is attempted again by the next claim.
      log('error', 'webhook attempt failed unexpectedly', {
        delivery_id: claimed.id,
        ...describeError(error),
      });
      return;
    }
    let next: Date | null = null;
    if (!answer.succeeded && !claimed.manual) {
      next = nextAttemptAt(claimed.createdAt, claimed.attempts + 1, answer.lastAttemptAt);
      if (!next) {
        try {
          await giveUp(claimed.endpoint, claimed, answer);
        } catch (error) {
          log('error', 'webhook give-up failed', { delivery_id: claimed.id, ...describeError(error) });
        }
        this.logAttempt(claimed, answer, 'failed');
        return;
      }
    }
    this.finished.push({
      id: claimed.id,
      manual: claimed.manual,
      ok: answer.succeeded,
      next_attempt_at: next ? iso(next) : null,
      at: iso(answer.lastAttemptAt),
      response_status: answer.lastResponseStatus,
      latency_ms: answer.lastLatencyMs,
      response_body: answer.lastResponseBody,
      error: answer.lastError,
      requested_at: claimed.resendRequestedAt,
      doneAt: Date.now(),
    });
    this.logAttempt(claimed, answer, answer.succeeded ? 'succeeded' : 'pending');
  }

  private logAttempt(claimed: Claimed, answer: AttemptAnswer, status: string): void {
    log(answer.succeeded ? 'debug' : 'info', 'webhook attempt', {
      org_id: claimed.endpoint.orgId,
      endpoint_id: claimed.endpoint.id,
      delivery_id: claimed.id,
      event_id: claimed.event.id,
      manual: claimed.manual,
      outcome: answer.succeeded ? 'succeeded' : answer.failure,
      latency_ms: answer.lastLatencyMs,
      status,
    });
  }

  /**
   * One statement: renews the lease, records the answers so far, reads the endpoint, and claims up to `requested` due
   * deliveries (oldest first) and re-sends, leaving out those in flight or being recorded. Returns the count claimed.
   */
  private async roundTrip(requested: number): Promise<number> {
    const results = this.finished;
    this.finished = [];
    const at = now();
    const excluded = uuidArray([
      ...this.inflight,
      ...this.buffer.map((c) => c.id),
      ...results.map((r) => r.id),
    ]);
    const recordset = JSON.stringify(results, (key, value) => (key === 'doneAt' ? undefined : value));
    const n = Math.max(0, requested);
    const rows = await sqlClient()<RoundRow[]>`
      with lease as (
        update webhook_endpoint_drains set lease_expires_at = ${iso(new Date(at.getTime() + DRAIN_LEASE_MS))}::timestamptz
        where endpoint_id = ${this.endpointId}::uuid and owner = ${this.owner}
        returning endpoint_id
      ), recorded as (
        update webhook_deliveries d set
          status = case
            when v.ok then 'succeeded'
            when v.manual and d.status = 'pending' then 'pending'
            when v.manual then 'failed'
            else d.status end,
          attempts = d.attempts + 1,
          next_attempt_at = case
            when v.ok then null
            when not v.manual and d.status = 'pending' then v.next_attempt_at
            else d.next_attempt_at end,
          last_attempt_at = v.at,
          last_response_status = v.response_status,
          last_latency_ms = v.latency_ms,
          last_response_body = v.response_body,
          last_error = v.error,
          resend_requested_at = case
            when d.resend_requested_at <= v.requested_at then null
            else d.resend_requested_at end,
          updated_at = v.at
        from jsonb_to_recordset(${recordset}::text::jsonb) as v(id uuid, manual boolean, ok boolean,
          next_attempt_at timestamptz, at timestamptz, response_status integer, latency_ms integer,
          response_body text, error text, requested_at timestamptz)
        -- The ids again as an array: the recordset's row estimate (100) alone would plan a scan of the table.
        where d.id = v.id and d.id = any(${uuidArray(results.map((r) => r.id))}::text::uuid[])
        returning d.id
      ), endpoint as (
        select e.* from webhook_endpoints e join lease on lease.endpoint_id = e.id
      ), claim as (
        (select d.id, false as manual from webhook_deliveries d
          where ${n}::int > 0 and d.endpoint_id = ${this.endpointId}::uuid and d.status = 'pending'
            and d.next_attempt_at <= ${iso(at)}::timestamptz and d.id <> all(${excluded}::text::uuid[])
            and exists (select 1 from endpoint where status = 'enabled')
          order by d.next_attempt_at limit ${n}::int)
        union all
        (select d.id, true as manual from webhook_deliveries d
          where ${n}::int > 0 and d.endpoint_id = ${this.endpointId}::uuid and d.resend_requested_at is not null
            and not (d.status = 'pending' and d.next_attempt_at <= ${iso(at)}::timestamptz)
            and d.id <> all(${excluded}::text::uuid[])
            and exists (select 1 from endpoint where status = 'enabled')
          limit ${n}::int)
      )
      select e.id as endpoint_id, e.org_id, e.url, e.status as endpoint_status, e.signing_secret_encrypted,
        e.previous_signing_secret_encrypted, e.previous_secret_expires_at,
        (select count(*)::int from recorded) as recorded,
        c.id, c.manual, d.resend_requested_at, d.attempts, d.created_at,
        ev.id as event_id, ev.type as event_type, ev.data as event_data, ev.created_at as event_created_at
      from (select 1) as one
      left join endpoint e on true
      left join claim c on true
      left join webhook_deliveries d on d.id = c.id
      left join events ev on ev.id = d.event_id`;

    const first = rows[0];
    if (!first?.endpoint_id) {
      // The lease was taken over (this worker stalled past it) or the endpoint was deleted.
      this.leaving = 'lease-lost';
      return 0;
    }
    if (first.endpoint_status !== 'enabled') {
      await this.failWhileDisabled(at);
      this.leaving ??= 'idle';
      return 0;
    }
    const endpoint: DeliveryEndpoint = {
      id: first.endpoint_id,
      orgId: first.org_id!,
      url: first.url!,
      signingSecretEncrypted: first.signing_secret_encrypted!,
      previousSigningSecretEncrypted: first.previous_signing_secret_encrypted,
      previousSecretExpiresAt: first.previous_secret_expires_at
        ? new Date(first.previous_secret_expires_at)
        : null,
    };
    let got = 0;
    for (const row of rows) {
      if (!row.id || !row.event_id) continue;
      got += 1;
      this.buffer.push({
        id: row.id,
        manual: row.manual === true,
        resendRequestedAt: row.resend_requested_at,
        attempts: row.attempts ?? 0,
        createdAt: new Date(row.created_at!),
        endpoint,
        event: {
          id: row.event_id,
          type: row.event_type!,
          data: row.event_data ?? {},
          createdAt: new Date(row.event_created_at!),
        },
      });
    }
    this.startBuffered();
    return got;
  }

  /** The endpoint was disabled: its due deliveries fail (re-enabling re-sends nothing) and re-sends are dropped. */
  private async failWhileDisabled(at: Date): Promise<void> {
    await sqlClient()`
      update webhook_deliveries set
        status = case when status = 'pending' and next_attempt_at <= ${iso(at)}::timestamptz then 'failed' else status end,
        next_attempt_at = case when status = 'pending' and next_attempt_at <= ${iso(at)}::timestamptz then null else next_attempt_at end,
        last_error = case when status = 'pending' and next_attempt_at <= ${iso(at)}::timestamptz
          then 'Not sent: the endpoint is disabled' else last_error end,
        resend_requested_at = null,
        updated_at = ${iso(at)}::timestamptz
      where endpoint_id = ${this.endpointId}::uuid
        and ((status = 'pending' and next_attempt_at <= ${iso(at)}::timestamptz) or resend_requested_at is not null)`;
  }

  /**
   * Leaves if nothing is due, nobody is committing a delivery to this endpoint (the exclusive try-lock), and this drain
   * still holds the lease; then adds the job of the next retry (if any is scheduled). In one transaction.
   */
  private async tryLeave(): Promise<DrainEnd | undefined> {
    const at = now();
    return sqlClient().begin(async (sql) => {
      const [lock] = await sql<{ ok: boolean }[]>`
        select pg_try_advisory_xact_lock(${DRAIN_LOCK_CLASS}::int, hashtext(${this.endpointId}::text)) as ok`;
      if (!lock?.ok) return undefined;
      // A statement after the lock: it sees every delivery committed by those who held it shared.
      const [row] = await sql<{ mine: boolean; left: boolean }[]>`
        with gone as (
          delete from webhook_endpoint_drains
          where endpoint_id = ${this.endpointId}::uuid and owner = ${this.owner}
            and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${this.endpointId}::uuid
              and d.status = 'pending' and d.next_attempt_at <= ${iso(at)}::timestamptz)
            and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${this.endpointId}::uuid
              and d.resend_requested_at is not null)
          returning endpoint_id
        ), next as (
          select min(d.next_attempt_at) as at from webhook_deliveries d
          where d.endpoint_id = ${this.endpointId}::uuid and d.status = 'pending'
        )
        select exists (select 1 from webhook_endpoint_drains
            where endpoint_id = ${this.endpointId}::uuid and owner = ${this.owner}) as mine,
          exists (select 1 from gone) as left,
          (select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', ${this.endpointId}::uuid),
              run_at => next.at, job_key => 'webhooks.drain-at:' || ${this.endpointId}::text, max_attempts => 3)).id
            from next where next.at is not null and exists (select 1 from gone)) as timer`;
      if (!row?.mine) return 'lease-lost';
      return row.left ? 'idle' : undefined;
    });
  }

  /** Ends a drain that is not idle: a slice or the worker's stop hands the endpoint to a new job; a lost lease, nothing. */
  private async leave(reason: DrainEnd): Promise<DrainEnd> {
    if (reason === 'lease-lost') return reason;
    if (reason === 'idle') return (await this.tryLeave()) ?? this.handOver();
    return this.handOver();
  }

  /** The lease goes to a new drain job (at the back of the queue), added in the same statement: no gap. */
  private async handOver(): Promise<DrainEnd> {
    const at = now();
    const rows = await sqlClient()`
      with handed as (
        update webhook_endpoint_drains set owner = 'queued',
          lease_expires_at = ${iso(new Date(at.getTime() + HANDOVER_LEASE_MS))}::timestamptz
        where endpoint_id = ${this.endpointId}::uuid and owner = ${this.owner}
        returning endpoint_id
      )
      select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', endpoint_id),
        job_key => 'webhooks.drain:' || endpoint_id::text, max_attempts => 3)).id
      from handed`;
    return rows.length === 1 ? 'handed-over' : 'lease-lost';
  }
}

/**
 * Wakes the drain of every endpoint with due deliveries (or re-sends) that no live lease covers: after a crash, or a
 * retry whose job was lost. One probe per endpoint with pending deliveries (a skip scan of the due index). Returns how
 * many drain jobs it added.
 */
export async function sweepDueDeliveries(): Promise<number> {
  const at = iso(now());
  const [row] = await sqlClient()<{ woken: number | null }[]>`
    with recursive pending as (
      (select endpoint_id, next_attempt_at from webhook_deliveries
        where status = 'pending' order by endpoint_id, next_attempt_at limit 1)
      union all
      select n.endpoint_id, n.next_attempt_at from pending p cross join lateral (
        select d.endpoint_id, d.next_attempt_at from webhook_deliveries d
        where d.status = 'pending' and d.endpoint_id > p.endpoint_id
        order by d.endpoint_id, d.next_attempt_at limit 1) n
    ), due as (
      select endpoint_id from pending where next_attempt_at <= ${at}::timestamptz
      union
      select endpoint_id from webhook_deliveries where resend_requested_at is not null
    )
    select webhook_wake_drains(array(select endpoint_id from due), ${at}::timestamptz) as woken`;
  return row?.woken ?? 0;
}
