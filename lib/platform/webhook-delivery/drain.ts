// Owns draining endpoints' deliveries, the entry the worker uses. A `webhooks.drain` job gives this worker process an
// endpoint: it takes the endpoint's lease (lease.ts: at most one process drains an endpoint), and the process's one
// loop (pump.ts) then claims the due deliveries (and re-sends) of every endpoint it holds in chunks, makes up to
// WEBHOOK_ENDPOINT_CONCURRENCY attempts at once per endpoint and WEBHOOK_CONCURRENCY in all, records the answers and
// claims the next chunks in ONE statement for all its endpoints (drain-statements.ts), and lets an endpoint go once
// nothing has been due for a second — with a job at its next retry.
//
// Why not a job per attempt: a job costs a NOTIFY in the committing transaction and a fetch, a lock and a completion
// in the worker, per delivery; here an event costs nothing once its endpoint is drained, and a delivery a share of one
// round trip. Why one loop for all endpoints: a drain per endpoint would hold a worker slot (or poll) per endpoint.
//
// The protocol that makes sure a committed delivery is always drained (no lost wake-up), with the lock of
// `webhook_wake_drains` (db/functions/webhooks.sql; its constants are drain-protocol.ts's):
// - A transaction that inserts deliveries takes each endpoint's advisory lock SHARED, then (in a later snapshot) adds a
//   drain job for each endpoint whose lease (webhook_endpoint_drains) is missing or expired, giving it the lease.
// - A drain lets an endpoint go only inside a transaction that got the same lock EXCLUSIVELY without waiting (try):
//   every transaction that inserted deliveries before has then ended, so the statement that checks that nothing is due
//   and deletes the lease sees all of them. Any transaction after it finds no lease and adds a job. If the lock is
//   busy, someone is committing a delivery right now: the drain keeps the endpoint and claims it.
// - The lease expires (DRAIN_LEASE_MS) unless renewed, so a crashed worker's endpoints are taken over: by the next
//   delivery's transaction, or by the sweep (after each worker's heartbeat, and `webhooks.sweep` each minute) for
//   endpoints with due deliveries and no live lease. Deliveries a crashed drain had claimed are still due (claiming
//   writes nothing): they are attempted again (at-least-once).
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { wakeEndpointsWithDueDeliveries } from './drain-statements';
import { Pump } from './pump';
import { Slots } from './slots';

export { DRAIN_LEASE_MS, DRAIN_TASK } from './drain-protocol';

let pump: Pump | undefined;

function currentPump(): Pump {
  pump ??= new Pump(new Slots(env().WEBHOOK_CONCURRENCY), env().WEBHOOK_ENDPOINT_CONCURRENCY);
  return pump;
}

/** Called by the worker before it runs drain jobs: `concurrency` attempts in flight at most in this process. */
export function startDrainPool(concurrency: number): void {
  pump = new Pump(new Slots(concurrency), env().WEBHOOK_ENDPOINT_CONCURRENCY);
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
 * retry whose job was lost. Returns how many drain jobs it added.
 */
export function sweepDueDeliveries(): Promise<number> {
  return wakeEndpointsWithDueDeliveries(now());
}
