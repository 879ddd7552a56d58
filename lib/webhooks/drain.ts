// Owns draining endpoints' deliveries. A `webhooks.drain` job gives this worker process an endpoint: it takes the
// endpoint's lease (at most one process drains an endpoint), and the process's one loop (the Pump) then claims the
// due deliveries (and re-sends) of every endpoint it holds in chunks, makes up to WEBHOOK_ENDPOINT_CONCURRENCY attempts
// at once per endpoint and WEBHOOK_CONCURRENCY in all, records the answers and claims the next chunks in ONE statement
// for all its endpoints, and lets an endpoint go once nothing has been due for a second — with a job at its next retry.
//
// Why not a job per attempt: a job costs a NOTIFY in the committing transaction and a fetch, a lock and a completion
// in the worker, per delivery; here an event costs nothing once its endpoint is drained, and a delivery a share of one
// round trip. Why one loop for all endpoints: a drain per endpoint would hold a worker slot (or poll) per endpoint.
//
// The protocol that makes sure a committed delivery is always drained (no lost wake-up), with the lock of
// `webhook_wake_drains` (migration 0012):
// - A transaction that inserts deliveries takes each endpoint's advisory lock SHARED, then (in a later snapshot) adds a
//   drain job for each endpoint whose lease (webhook_endpoint_drains) is missing or expired, giving it the lease.
// - A drain lets an endpoint go only inside a transaction that got the same lock EXCLUSIVELY without waiting (try):
//   every transaction that inserted deliveries before has then ended, so the statement that checks that nothing is due
//   and deletes the lease sees all of them. Any transaction after it finds no lease and adds a job. If the lock is
//   busy, someone is committing a delivery right now: the drain keeps the endpoint and claims it.
// - The lease expires (DRAIN_LEASE_MS) unless renewed, so a crashed worker's endpoints are taken over: by the next
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
/** After this long an endpoint is handed over to a new job, which any worker process may take: load spreads. */
const SLICE_MS = 10_000;
/** Idle this long (nothing due, nothing in flight), an endpoint's drain tries to leave. */
const LINGER_MS = 1_000;
/**
 * Polls an endpoint for new deliveries after a chunk came back short: from 2 ms, doubling, to MAX_BUSY_POLL_MS while
 * chunks still bring some (deliveries trickle in), to MAX_POLL_MS once they bring none. Polls of every endpoint the
 * process drains share one round trip.
 */
const MAX_BUSY_POLL_MS = 20;
const MAX_POLL_MS = 100;
/** Answers wait at most this long to be recorded with others (a crash before then repeats those deliveries). */
const FLUSH_MS = 25;
/** First key of the endpoint's advisory lock (the second is hashtext(endpoint id)); "whkd". */
export const DRAIN_LOCK_CLASS = 2003331940;

/** How many attempts may be in flight at once in this process (WEBHOOK_CONCURRENCY), over all its endpoints. */
class Slots {
  constructor(private free: number) {}

  tryTake(): boolean {
    if (this.free <= 0) return false;
    this.free -= 1;
    return true;
  }

  release(): void {
    this.free += 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// SQL rows

interface RoundRow {
  endpoint_id: string;
  org_id: string;
  url: string;
  endpoint_status: string;
  signing_secret_encrypted: string;
  previous_signing_secret_encrypted: string | null;
  previous_secret_expires_at: string | null;
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
  endpointId: string;
}

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;
const iso = (date: Date) => date.toISOString();

// ---------------------------------------------------------------------------------------------------------------

/** An endpoint this process drains (it holds the lease). */
interface Held {
  id: string;
  /** When this process took it (SLICE_MS). */
  since: number;
  /** The endpoint as the last round trip read it: attempts use its current URL and secrets. */
  endpoint: DeliveryEndpoint | undefined;
  inflight: Set<string>;
  /** Claimed, waiting for a slot (still due in the database: a crash loses nothing). */
  buffer: Claimed[];
  /** Answers not recorded yet. */
  finished: Outcome[];
  pollAt: number;
  pollDelay: number;
  idleSince: number | undefined;
  leaving: 'handed-over' | 'idle' | 'lease-lost' | undefined;
}

const busy = (held: Held) => held.inflight.size > 0 || held.buffer.length > 0 || held.finished.length > 0;

/**
 * The drains of one worker process: every endpoint it holds, served by one loop whose round trips cover all of them
 * (so the cost of a round trip does not grow with the number of endpoints), sharing the process's attempt slots.
 */
class Pump {
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;
  private readonly held = new Map<string, Held>();
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private lastRoundTrip = 0;
  private turn = 0;
  stopping = false;

  constructor(
    private readonly slots: Slots,
    private readonly perEndpoint: number,
    private readonly sliceMs: number,
  ) {}

  /**
   * Takes the endpoint's lease if nobody holds it (or the holder's lease expired, or it was handed to a job) and
   * starts draining it. A worker that is stopping leaves it to a new job instead.
   */
  async adopt(endpointId: string): Promise<boolean> {
    const existing = this.held.get(endpointId);
    if (existing && !existing.leaving) return true;
    if (this.stopping) {
      await sqlClient()`
        select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', ${endpointId}::uuid),
          job_key => 'webhooks.drain:' || ${endpointId}::text, max_attempts => 3)).id`;
      return false;
    }
    const at = now();
    const rows = await sqlClient()`
      insert into webhook_endpoint_drains (endpoint_id, org_id, owner, lease_expires_at)
      select id, org_id, ${this.owner}, ${iso(new Date(at.getTime() + DRAIN_LEASE_MS))}::timestamptz
      from webhook_endpoints where id = ${endpointId}::uuid
      on conflict (endpoint_id) do update set owner = excluded.owner, lease_expires_at = excluded.lease_expires_at
      where webhook_endpoint_drains.lease_expires_at <= ${iso(at)}::timestamptz
        or webhook_endpoint_drains.owner in ('queued', ${this.owner})
      returning owner`;
    if (rows.length !== 1) return false;
    if (existing) {
      // Taken again while letting it go (its lease had run out): the same state, its attempts in flight included.
      existing.leaving = undefined;
      existing.since = Date.now();
      existing.pollAt = 0;
      this.wake();
      return true;
    }
    this.held.set(endpointId, {
      id: endpointId,
      since: Date.now(),
      endpoint: undefined,
      inflight: new Set(),
      buffer: [],
      finished: [],
      pollAt: 0,
      pollDelay: 0,
      idleSince: undefined,
      leaving: undefined,
    });
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
      // Adopted while the loop was ending.
      if (this.held.size > 0) this.running = this.loop();
    });
    this.wake();
    return true;
  }

  /** Finishes the attempts in flight, records them, and hands every endpoint over to a new job. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
  }

  private wake = () => {
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
  };

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
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

  private async loop(): Promise<void> {
    while (this.held.size > 0) {
      try {
        if (await this.step()) continue;
      } catch (error) {
        log('error', 'webhook drain round failed', describeError(error));
        await this.sleep(1_000);
        continue;
      }
      await this.sleep(this.nextDeadline());
    }
  }

  /** One pass: leaves, then a round trip if any endpoint wants one. Returns whether it did something. */
  private async step(): Promise<boolean> {
    const at = Date.now();
    for (const held of this.held.values()) {
      if (!held.leaving && (this.stopping || at - held.since >= this.sliceMs)) held.leaving = 'handed-over';
      // Claimed but not sent: still due, whoever drains next takes them.
      if (held.leaving) held.buffer = [];
    }
    this.startBuffered();

    let acted = false;
    for (const held of [...this.held.values()]) {
      if (busy(held)) {
        held.idleSince = undefined;
        continue;
      }
      if (held.leaving) {
        if (held.leaving === 'handed-over') await this.handOver(held);
        else if (held.leaving === 'idle' && !(await this.tryLeave(held))) await this.handOver(held);
        // Unless a job gave it back meanwhile (adopt).
        if (held.leaving) this.held.delete(held.id);
        acted = true;
        continue;
      }
      held.idleSince ??= at;
      if (at - held.idleSince >= LINGER_MS) {
        acted = true;
        // While it is being let go, a job that gives it back (adopt) takes the lease again instead of trusting it.
        held.leaving = 'idle';
        const left = await this.tryLeave(held);
        if (!held.leaving) continue;
        if (left) {
          this.held.delete(held.id);
        } else {
          // Someone is committing a delivery to this endpoint right now: stay and claim it.
          held.leaving = undefined;
          held.idleSince = undefined;
          held.pollAt = 0;
          held.pollDelay = 0;
        }
      }
    }

    const claims: Held[] = [];
    let flush = this.held.size > 0 && at - this.lastRoundTrip >= DRAIN_LEASE_MS / 3;
    for (const held of this.held.values()) {
      const waiting = held.inflight.size + held.buffer.length;
      if (!held.leaving && waiting < this.perEndpoint && at >= held.pollAt) claims.push(held);
      const oldest = held.finished[0]?.doneAt;
      if (
        oldest !== undefined &&
        (held.finished.length >= this.perEndpoint || at - oldest >= FLUSH_MS || held.inflight.size === 0)
      ) {
        flush = true;
      }
    }
    if (claims.length === 0 && !flush) return acted;
    await this.roundTrip(claims);
    return true;
  }

  /** How long to sleep when nothing is to be done (an answer, or a stop, wakes it earlier). */
  private nextDeadline(): number {
    let until = this.lastRoundTrip + DRAIN_LEASE_MS / 3;
    for (const held of this.held.values()) {
      if (!held.leaving && held.inflight.size + held.buffer.length < this.perEndpoint) {
        until = Math.min(until, held.pollAt);
      }
      const oldest = held.finished[0]?.doneAt;
      if (oldest !== undefined) until = Math.min(until, oldest + FLUSH_MS);
      if (held.idleSince !== undefined) until = Math.min(until, held.idleSince + LINGER_MS);
      until = Math.min(until, held.since + this.sliceMs);
    }
    return Math.max(1, Math.min(until - Date.now(), 1_000));
  }

  /** Starts buffered deliveries while each endpoint and the process have room, endpoints taking turns. */
  private startBuffered(): void {
    const all = [...this.held.values()];
    if (all.length === 0) return;
    let started = true;
    while (started) {
      started = false;
      for (let i = 0; i < all.length; i += 1) {
        const held = all[(this.turn + i) % all.length]!;
        if (held.buffer.length === 0 || held.inflight.size >= this.perEndpoint || !held.endpoint) continue;
        if (!this.slots.tryTake()) return;
        const claimed = held.buffer.shift()!;
        held.inflight.add(claimed.id);
        started = true;
        void this.attempt(held, held.endpoint, claimed).finally(() => {
          held.inflight.delete(claimed.id);
          this.slots.release();
          this.wake();
        });
      }
      this.turn += 1;
    }
  }

  private async attempt(held: Held, endpoint: DeliveryEndpoint, claimed: Claimed): Promise<void> {
    let answer: AttemptAnswer;
    try {
      answer = await makeAttempt(endpoint, claimed);
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
          await giveUp(endpoint, claimed, answer);
        } catch (error) {
          log('error', 'webhook give-up failed', { delivery_id: claimed.id, ...describeError(error) });
        }
        logAttempt(endpoint, claimed, answer, 'failed');
        return;
      }
    }
    held.finished.push({
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
      endpointId: held.id,
    });
    logAttempt(endpoint, claimed, answer, answer.succeeded ? 'succeeded' : 'pending');
  }

  /**
   * One statement for every endpoint held: renews the leases, records the answers so far, reads the endpoints, and
   * claims for each endpoint in `claims` up to its room of due deliveries (oldest first) and re-sends, leaving out
   * those in flight, buffered or being recorded.
   */
  private async roundTrip(claims: Held[]): Promise<void> {
    const all = [...this.held.values()];
    const results = all.flatMap((held) => held.finished);
    for (const held of all) held.finished = [];
    this.lastRoundTrip = Date.now();
    const at = now();
    const excluded = uuidArray([
      ...all.flatMap((held) => [...held.inflight, ...held.buffer.map((c) => c.id)]),
      ...results.map((r) => r.id),
    ]);
    const wanted = claims.map((held) => ({
      id: held.id,
      room: 2 * this.perEndpoint - held.inflight.size - held.buffer.length,
    }));
    let rows: RoundRow[];
    try {
      rows = await sqlClient()<RoundRow[]>`
        with lease as (
          update webhook_endpoint_drains set lease_expires_at = ${iso(new Date(at.getTime() + DRAIN_LEASE_MS))}::timestamptz
          where endpoint_id = any(${uuidArray(all.map((held) => held.id))}::text::uuid[]) and owner = ${this.owner}
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
          from jsonb_to_recordset(${JSON.stringify(results, (key, value) => (key === 'doneAt' || key === 'endpointId' ? undefined : value))}::text::jsonb)
            as v(id uuid, manual boolean, ok boolean, next_attempt_at timestamptz, at timestamptz,
              response_status integer, latency_ms integer, response_body text, error text, requested_at timestamptz)
          -- The ids again as an array: the recordset's row estimate (100) alone would plan a scan of the table.
          where d.id = v.id and d.id = any(${uuidArray(results.map((r) => r.id))}::text::uuid[])
          returning d.id
        ), endpoint as (
          select e.* from webhook_endpoints e join lease on lease.endpoint_id = e.id
        ), wanted as (
          select w.id as endpoint_id, w.room
          from jsonb_to_recordset(${JSON.stringify(wanted)}::text::jsonb) as w(id uuid, room integer)
          where w.room > 0 and exists (select 1 from endpoint e where e.id = w.id and e.status = 'enabled')
        ), claim as (
          select w.endpoint_id, c.id, c.manual from wanted w cross join lateral (
            (select d.id, false as manual from webhook_deliveries d
              where d.endpoint_id = w.endpoint_id and d.status = 'pending'
                and d.next_attempt_at <= ${iso(at)}::timestamptz and d.id <> all(${excluded}::text::uuid[])
              order by d.next_attempt_at limit w.room)
            union all
            (select d.id, true as manual from webhook_deliveries d
              where d.endpoint_id = w.endpoint_id and d.resend_requested_at is not null
                and not (d.status = 'pending' and d.next_attempt_at <= ${iso(at)}::timestamptz)
                and d.id <> all(${excluded}::text::uuid[])
              limit w.room)
          ) as c
        )
        select e.id as endpoint_id, e.org_id, e.url, e.status as endpoint_status, e.signing_secret_encrypted,
          e.previous_signing_secret_encrypted, e.previous_secret_expires_at,
          c.id, c.manual, d.resend_requested_at, d.attempts, d.created_at,
          ev.id as event_id, ev.type as event_type, ev.data as event_data, ev.created_at as event_created_at
        from endpoint e
        left join claim c on c.endpoint_id = e.id
        left join webhook_deliveries d on d.id = c.id
        left join events ev on ev.id = d.event_id`;
    } catch (error) {
      // Keep the answers for the next round trip.
      for (const result of results) this.held.get(result.endpointId)?.finished.push(result);
      throw error;
    }

    const seen = new Map<string, number>();
    for (const row of rows) {
      const held = this.held.get(row.endpoint_id);
      if (!held) continue;
      if (!seen.has(held.id)) {
        seen.set(held.id, 0);
        held.endpoint = {
          id: row.endpoint_id,
          orgId: row.org_id,
          url: row.url,
          signingSecretEncrypted: row.signing_secret_encrypted,
          previousSigningSecretEncrypted: row.previous_signing_secret_encrypted,
          previousSecretExpiresAt: row.previous_secret_expires_at
            ? new Date(row.previous_secret_expires_at)
            : null,
        };
        if (row.endpoint_status !== 'enabled' && !held.leaving) {
          await this.failWhileDisabled(held.id, at);
          held.leaving = 'idle';
        }
      }
      if (!row.id || !row.event_id || held.leaving) continue;
      seen.set(held.id, seen.get(held.id)! + 1);
      held.buffer.push({
        id: row.id,
        manual: row.manual === true,
        resendRequestedAt: row.resend_requested_at,
        attempts: row.attempts ?? 0,
        createdAt: new Date(row.created_at!),
        event: {
          id: row.event_id,
          type: row.event_type!,
          data: row.event_data ?? {},
          createdAt: new Date(row.event_created_at!),
        },
      });
    }
    // No row: the lease was taken over (this worker stalled past it) or the endpoint was deleted.
    for (const held of all) if (!seen.has(held.id)) held.leaving = 'lease-lost';
    const polled = Date.now();
    for (const { id, room } of wanted) {
      const held = this.held.get(id);
      if (!held) continue;
      const got = seen.get(id) ?? 0;
      if (got < room) {
        const cap = got > 0 ? MAX_BUSY_POLL_MS : MAX_POLL_MS;
        held.pollDelay = Math.min(cap, held.pollDelay === 0 ? 2 : held.pollDelay * 2);
        held.pollAt = polled + held.pollDelay;
      } else {
        held.pollDelay = 0;
        held.pollAt = 0;
      }
      if (got > 0) held.idleSince = undefined;
    }
    this.startBuffered();
  }

  /** The endpoint was disabled: its due deliveries fail (re-enabling re-sends nothing) and re-sends are dropped. */
  private async failWhileDisabled(endpointId: string, at: Date): Promise<void> {
    const due = iso(at);
    await sqlClient()`
      update webhook_deliveries set
        status = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz then 'failed' else status end,
        next_attempt_at = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz then null
          else next_attempt_at end,
        last_error = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz
          then 'Not sent: the endpoint is disabled' else last_error end,
        resend_requested_at = null,
        updated_at = ${due}::timestamptz
      where endpoint_id = ${endpointId}::uuid
        and ((status = 'pending' and next_attempt_at <= ${due}::timestamptz) or resend_requested_at is not null)`;
  }

  /**
   * Leaves an endpoint if nothing is due, nobody is committing a delivery to it (the exclusive try-lock), and this
   * process still holds its lease; then adds the job of its next retry (if any is scheduled). One transaction.
   * Returns false when it stays.
   */
  private async tryLeave(held: Held): Promise<boolean> {
    const at = iso(now());
    const endpointId = held.id;
    const result = await sqlClient().begin(async (sql) => {
      const [lock] = await sql<{ ok: boolean }[]>`
        select pg_try_advisory_xact_lock(${DRAIN_LOCK_CLASS}::int, hashtext(${endpointId}::text)) as ok`;
      if (!lock?.ok) return 'stay' as const;
      // A statement after the lock: it sees every delivery committed by those who held it shared.
      const [row] = await sql<{ mine: boolean; left: boolean }[]>`
        with gone as (
          delete from webhook_endpoint_drains
          where endpoint_id = ${endpointId}::uuid and owner = ${this.owner}
            and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${endpointId}::uuid
              and d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz)
            and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${endpointId}::uuid
              and d.resend_requested_at is not null)
          returning endpoint_id
        ), next as (
          select min(d.next_attempt_at) as at from webhook_deliveries d
          where d.endpoint_id = ${endpointId}::uuid and d.status = 'pending'
        )
        select exists (select 1 from webhook_endpoint_drains
            where endpoint_id = ${endpointId}::uuid and owner = ${this.owner}) as mine,
          exists (select 1 from gone) as left,
          (select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', ${endpointId}::uuid),
              run_at => next.at, job_key => 'webhooks.drain-at:' || ${endpointId}::text, max_attempts => 3)).id
            from next where next.at is not null and exists (select 1 from gone)) as timer`;
      if (!row?.mine) return 'lost' as const;
      return row.left ? ('left' as const) : ('stay' as const);
    });
    return result !== 'stay';
  }

  /** The lease goes to a new drain job (at the back of the queue), added in the same statement: no gap. */
  private async handOver(held: Held): Promise<void> {
    const at = now();
    await sqlClient()`
      with handed as (
        update webhook_endpoint_drains set owner = 'queued',
          lease_expires_at = ${iso(new Date(at.getTime() + HANDOVER_LEASE_MS))}::timestamptz
        where endpoint_id = ${held.id}::uuid and owner = ${this.owner}
        returning endpoint_id
      )
      select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', endpoint_id),
        job_key => 'webhooks.drain:' || endpoint_id::text, max_attempts => 3)).id
      from handed`;
  }
}

function logAttempt(
  endpoint: DeliveryEndpoint,
  claimed: Claimed,
  answer: AttemptAnswer,
  status: string,
): void {
  log(answer.succeeded ? 'debug' : 'info', 'webhook attempt', {
    org_id: endpoint.orgId,
    endpoint_id: endpoint.id,
    delivery_id: claimed.id,
    event_id: claimed.event.id,
    manual: claimed.manual,
    outcome: answer.succeeded ? 'succeeded' : answer.failure,
    latency_ms: answer.lastLatencyMs,
    status,
  });
}

let pump: Pump | undefined;

function currentPump(): Pump {
  pump ??= new Pump(new Slots(env().WEBHOOK_CONCURRENCY), env().WEBHOOK_ENDPOINT_CONCURRENCY, SLICE_MS);
  return pump;
}

/** Called by the worker before it runs drain jobs: `concurrency` attempts in flight at most in this process. */
export function startDrainPool(concurrency: number): void {
  pump = new Pump(new Slots(concurrency), env().WEBHOOK_ENDPOINT_CONCURRENCY, SLICE_MS);
}

/** Running drains finish their attempts, record them, and hand their endpoints over to new jobs. */
export async function stopDrainPool(): Promise<void> {
  await pump?.stop();
}

/**
 * The `webhooks.drain` task: this process takes the endpoint's lease (unless a live drain holds it) and drains it
 * in the background; the job itself ends at once. Returns whether it took the endpoint.
 */
export function drainEndpoint(endpointId: string): Promise<boolean> {
  return currentPump().adopt(endpointId);
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
