// Owns the drain loop of one worker process (the Pump): every endpoint it holds is served by one loop whose round trips
// cover all of them (so the cost of a round trip does not grow with the number of endpoints), sharing the process's
// attempt slots. It claims in chunks, makes up to `perEndpoint` attempts at once per endpoint, records the answers and
// claims the next chunks in ONE statement, and lets an endpoint go once nothing has been due for LINGER_MS.
import crypto from 'node:crypto';
import os from 'node:os';
import { now } from '@/lib/platform/clock';
import { describeError, log } from '@/lib/platform/log';
import { attemptClaimed } from './attempt-outcome';
import type { DeliveryEndpoint } from './deliver';
import { DRAIN_LEASE_MS } from './drain-protocol';
import { failDueWhileDisabled, type RoundRow, renewRecordAndClaim } from './drain-statements';
import { busy, type Claimed, type Held, newHeld } from './held-endpoint';
import * as leaseStatements from './lease';
import type { Slots } from './slots';

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
/** Leases are renewed at least this often (a third of the lease), busy or not. */
const RENEW_MS = DRAIN_LEASE_MS / 3;

/** The lease statements the pump uses (lease.ts); a test may wrap them to force an interleaving. */
export type LeaseStatements = Pick<
  typeof leaseStatements,
  'addDrainJob' | 'takeLease' | 'handOverLease' | 'leaveIfIdle'
>;

export class Pump {
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
    private readonly sliceMs: number = SLICE_MS,
    private readonly leases: LeaseStatements = leaseStatements,
  ) {}

  /**
   * Takes the endpoint's lease if nobody holds it (or the holder's lease expired, or it was handed to a job) and
   * starts draining it. A worker that is stopping leaves it to a new job instead.
   */
  async adopt(endpointId: string): Promise<boolean> {
    const existing = this.held.get(endpointId);
    if (existing && !existing.leaving) return true;
    if (this.stopping) {
      await this.leases.addDrainJob(endpointId);
      return false;
    }
    if (!(await this.leases.takeLease(endpointId, this.owner, now()))) return false;
    // Read again after the await: the loop may have let the endpoint go meanwhile (and dropped its state). Keeping the
    // lease without a drain in the map would leave its deliveries waiting until the lease ran out and a sweep came.
    const current = this.held.get(endpointId);
    if (current) {
      // Taken again while letting it go (its lease had run out): the same state, its attempts in flight included.
      current.leaving = undefined;
      current.since = Date.now();
      current.pollAt = 0;
      this.wake();
      return true;
    }
    this.held.set(endpointId, newHeld(endpointId, Date.now()));
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
        if (held.leaving === 'handed-over') await this.leases.handOverLease(held.id, this.owner, now());
        else if (held.leaving === 'idle' && !(await this.tryLeave(held)))
          await this.leases.handOverLease(held.id, this.owner, now());
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
    let flush = this.held.size > 0 && at - this.lastRoundTrip >= RENEW_MS;
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

  /** Whether the endpoint was let go (or is no longer this process's); false when it has to stay. */
  private async tryLeave(held: Held): Promise<boolean> {
    return (await this.leases.leaveIfIdle(held.id, this.owner, now())) !== 'stay';
  }

  /** How long to sleep when nothing is to be done (an answer, or a stop, wakes it earlier). */
  private nextDeadline(): number {
    let until = this.lastRoundTrip + RENEW_MS;
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
    const outcome = await attemptClaimed(endpoint, claimed);
    if (outcome) held.finished.push({ ...outcome, doneAt: Date.now(), endpointId: held.id });
  }

  /** Renews every lease, records the answers so far and claims for `claims` (drain-statements.ts), in one statement. */
  private async roundTrip(claims: Held[]): Promise<void> {
    const all = [...this.held.values()];
    const results = all.flatMap((held) => held.finished);
    for (const held of all) held.finished = [];
    this.lastRoundTrip = Date.now();
    const at = now();
    const wanted = claims.map((held) => ({
      id: held.id,
      room: 2 * this.perEndpoint - held.inflight.size - held.buffer.length,
    }));
    let rows: RoundRow[];
    try {
      rows = await renewRecordAndClaim({
        owner: this.owner,
        at,
        held: all.map((held) => held.id),
        results,
        wanted,
        excluded: [
          ...all.flatMap((held) => [...held.inflight, ...held.buffer.map((c) => c.id)]),
          ...results.map((r) => r.id),
        ],
      });
    } catch (error) {
      // Keep the answers for the next round trip.
      for (const result of results) this.held.get(result.endpointId)?.finished.push(result);
      throw error;
    }

    const seen = new Map<string, number>();
    for (const row of rows) {
      const held = this.held.get(row.endpointId);
      if (!held) continue;
      if (!seen.has(held.id)) {
        seen.set(held.id, 0);
        held.endpoint = endpointOf(row);
        if (row.endpointStatus !== 'enabled' && !held.leaving) {
          await failDueWhileDisabled(held.id, at);
          held.leaving = 'idle';
        }
      }
      if (!row.id || !row.eventId || held.leaving) continue;
      seen.set(held.id, seen.get(held.id)! + 1);
      held.buffer.push(claimedOf(row));
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
}

function endpointOf(row: RoundRow): DeliveryEndpoint {
  return {
    id: row.endpointId,
    orgId: row.orgId,
    url: row.url,
    signingSecretEncrypted: row.signingSecretEncrypted,
    previousSigningSecretEncrypted: row.previousSigningSecretEncrypted,
    previousSecretExpiresAt: row.previousSecretExpiresAt,
  };
}

function claimedOf(row: RoundRow): Claimed {
  return {
    id: row.id!,
    manual: row.manual === true,
    resendRequestedAt: row.resendRequestedAt?.toISOString() ?? null,
    attempts: row.attempts ?? 0,
    createdAt: row.createdAt!,
    event: {
      id: row.eventId!,
      type: row.eventType!,
      data: row.eventData ?? {},
      createdAt: row.eventCreatedAt!,
    },
  };
}
