// Owns the order lifecycle after confirmation: progression through the custody and payout-rail adapters (by the
// worker, or at once through the sandbox advance endpoints), funding expiry, draft expiry, discard and cancel.
import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { type ServiceActor, systemActor } from '@/lib/identity/server';
import type { BatchWithOrdersWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { type CustodySweeps, custody } from '@/lib/platform/adapters/custody';
import { type PayoutRail, payoutRail } from '@/lib/platform/adapters/payout-rail';
import { sandboxPath, stepsAutomatically } from '@/lib/platform/adapters/sandbox-magic';
import { businessNow } from '@/lib/platform/clock';
import { env, isSandbox } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { defineSweep } from '@/lib/platform/sweeps/define-sweep';
import { applyTransitions, type Decision } from './apply-transitions';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { getBatchWithOrders } from './read';
import { type OrderRow, toWireOrder } from './rows';

const STEP_JOB = 'payouts.sandbox-step';
const EXPIRE_JOB = 'payouts.expire-funding';
const FUND_JOB = 'payouts.fund-from-custody';

const isOpen = (status: OrderRow['status']) =>
  status === 'AWAITING_DEPOSIT' || status === 'DEPOSIT_RECEIVED' || status === 'PAYING_BENEFICIARY';

/**
 * Jobs that follow a confirmation, enqueued in its transaction (so they exist exactly when it commits): the funding
 * deadline of the batch; with custody that funds at once (manual: the USDT is already in the provider's custody), the
 * job that moves every order to DEPOSIT_RECEIVED in its own transaction right after; in the sandbox the first
 * automatic step when any order takes automatic steps.
 */
export async function scheduleLifecycle(
  tx: Executor,
  orgId: string,
  batchId: string,
  input: { at: Date; expiresAt: Date; orders: readonly OrderRow[] },
): Promise<void> {
  // Job times are real time: the deadline is as far away in real time as it is on the organization's clock.
  const expireAt = new Date(Date.now() + (input.expiresAt.getTime() - input.at.getTime()));
  await enqueueJob(
    tx,
    EXPIRE_JOB,
    { orgId, batchId },
    { runAt: expireAt, jobKey: `${EXPIRE_JOB}:${batchId}` },
  );
  if (custody().funding === 'immediate')
    await enqueueJob(tx, FUND_JOB, { orgId, batchId }, { jobKey: `${FUND_JOB}:${batchId}` });
  await scheduleStep(tx, orgId, batchId, input.orders);
}

/**
 * The production funding job (custody that funds at once): every order of the batch still AWAITING_DEPOSIT and
 * inside its deadline becomes DEPOSIT_RECEIVED, with the usual events and ledger move, in one transaction. A retry
 * after it committed finds nothing to move.
 */
export async function fundFromCustody(
  orgId: string,
  batchId: string,
  executor: Executor = db(),
): Promise<number> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, orgId);
    const outcome = await applyTransitions(tx, systemActor(orgId), at, { batchIds: [batchId] }, (order) =>
      order.status === 'AWAITING_DEPOSIT' && (order.expiresAt === null || new Date(order.expiresAt) > at)
        ? { to: 'DEPOSIT_RECEIVED' }
        : null,
    );
    return outcome.moved;
  });
}

async function scheduleStep(tx: Executor, orgId: string, batchId: string, orders: readonly OrderRow[]) {
  const seconds = env().SANDBOX_STEP_SECONDS;
  if (!isSandbox() || seconds === 0) return;
  if (
    !orders.some((order) => isOpen(order.status) && stepsAutomatically(sandboxPath(order.beneficiaryAmount)))
  )
    return;
  await enqueueJob(
    tx,
    STEP_JOB,
    { orgId, batchId },
    { runAt: new Date(Date.now() + seconds * 1000), jobKey: `${STEP_JOB}:${batchId}` },
  );
}

interface Adapters {
  custody: CustodySweeps;
  rail: PayoutRail;
}

/**
 * The next state of an open order, as the adapters report it: the sweep landed (DEPOSIT_RECEIVED), the payment
 * was sent (PAYING_BENEFICIARY, with its tracking reference), the rail paid or returned it (COMPLETED / FAILED).
 * `deadlineNow` is the advance endpoint's "for an order waiting for funds, its deadline passes now".
 */
async function nextStep(
  order: OrderRow,
  adapters: Adapters,
  at: Date,
  deadlineNow: boolean,
): Promise<Decision | null> {
  const payment = {
    orderId: order.id,
    amount: order.beneficiaryAmount,
    currency: order.beneficiaryCurrency,
  };
  switch (order.status) {
    case 'AWAITING_DEPOSIT': {
      const overdue = order.expiresAt !== null && new Date(order.expiresAt) <= at;
      if (overdue) return { to: 'CANCELLED_EXPIRED' };
      const landed = await adapters.custody.sweepLanded({
        orgId: order.orgId,
        orderId: order.id,
        sourceAmount: order.sourceAmount ?? '0',
        beneficiaryAmount: order.beneficiaryAmount,
      });
      if (landed) return { to: 'DEPOSIT_RECEIVED' };
      return deadlineNow ? { to: 'CANCELLED_EXPIRED' } : null;
    }
    case 'DEPOSIT_RECEIVED': {
      // A rail run by people: the payouts desk marks the order sent, never an automatic step.
      if (adapters.rail.sending === 'desk') return null;
      const sent = await adapters.rail.send(payment);
      return {
        to: 'PAYING_BENEFICIARY',
        trackingReference: sent.trackingReference,
        railReference: sent.railReference,
      };
    }
    case 'PAYING_BENEFICIARY': {
      const outcome = await adapters.rail.outcome({ ...payment, railReference: null });
      if (outcome.status === 'paid') return { to: 'COMPLETED' };
      if (outcome.status === 'returned') return { to: 'FAILED', failureMessage: outcome.message };
      return null;
    }
    default:
      return null;
  }
}

const adapters = (): Adapters => ({ custody: custody(), rail: payoutRail() });

/** The worker's sandbox step: every order of the batch on an automatic path moves one step; then the next one. */
export async function runSandboxStep(
  orgId: string,
  batchId: string,
  executor: Executor = db(),
): Promise<number> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, orgId);
    const outcome = await applyTransitions(tx, systemActor(orgId), at, { batchIds: [batchId] }, (order) =>
      isOpen(order.status) && stepsAutomatically(sandboxPath(order.beneficiaryAmount))
        ? nextStep(order, adapters(), at, false)
        : null,
    );
    await scheduleStep(tx, orgId, batchId, [...outcome.orders.values()]);
    return outcome.moved;
  });
}

function requireSandbox(): void {
  if (!isSandbox()) throw new ApiError('not_found', 'Not found');
}

/** `POST /sandbox/orders/{orderId}/advance`: the order's next state on its path, at once. */
export async function advanceOrder(
  executor: Executor,
  actor: ServiceActor,
  orderId: string,
): Promise<OrderWire> {
  requireSandbox();
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, actor.orgId);
    const outcome = await applyTransitions(tx, actor, at, { orderIds: [orderId] }, async (order) => {
      if (order.status === 'DRAFT')
        throw new ApiError('conflict', 'order is DRAFT: confirm its batch first', { code: 'invalid_state' });
      if (!isOpen(order.status))
        throw new ApiError('conflict', `order is ${order.status}: it has no next state`, {
          code: 'invalid_state',
        });
      return nextStep(order, adapters(), at, true);
    });
    const order = outcome.orders.get(orderId);
    if (!order) throw ApiError.notFound('Order');
    return toWireOrder(order);
  });
}

/** `POST /sandbox/payouts/{batchId}/advance`: every open order of the batch one step along its path. */
export async function advanceBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
): Promise<BatchWithOrdersWire> {
  requireSandbox();
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, actor.orgId, batchId);
    if (batch.status === 'AWAITING_CONFIRMATION')
      throw new ApiError('conflict', 'batch is AWAITING_CONFIRMATION: confirm it first', {
        code: 'invalid_state',
      });
    const at = await businessNow(tx, actor.orgId);
    const outcome = await applyTransitions(tx, actor, at, { batchIds: [batchId] }, (order) =>
      isOpen(order.status) ? nextStep(order, adapters(), at, true) : null,
    );
    if (outcome.moved === 0)
      throw new ApiError('conflict', `batch is ${batch.status}: no order has a next state`, {
        code: 'invalid_state',
      });
    return getBatchWithOrders(tx, actor.orgId, batchId);
  });
}

type TransitionRule = Parameters<typeof applyTransitions>[4];
type Expiry = (executor: Executor, orgId: string, batchIds: readonly string[]) => Promise<number>;

/** An expiry of the system: in one transaction at the organization's clock, what `ruleAt(now)` picks moves. */
function expiry(ruleAt: (at: Date) => TransitionRule): Expiry {
  return async (executor, orgId, batchIds) => {
    if (batchIds.length === 0) return 0;
    return executor.transaction(async (tx) => {
      const at = await businessNow(tx, orgId);
      return (await applyTransitions(tx, systemActor(orgId), at, { batchIds }, ruleAt(at))).moved;
    });
  };
}

/** Funding deadline: orders of the batches still AWAITING_DEPOSIT at their expires_at become CANCELLED_EXPIRED. */
export const expireFunding: Expiry = expiry(
  (at) => (order) =>
    order.status === 'AWAITING_DEPOSIT' && order.expiresAt !== null && new Date(order.expiresAt) <= at
      ? { to: 'CANCELLED_EXPIRED' }
      : null,
);

/** Drafts past their validity expire whole (every order CANCELLED_EXPIRED, the batch too). */
export const expireDrafts: Expiry = expiry(
  (at) => (order, batch) =>
    order.status === 'DRAFT' &&
    batch.status === 'AWAITING_CONFIRMATION' &&
    new Date(batch.draftExpiresAt) <= at
      ? { to: 'CANCELLED_EXPIRED' }
      : null,
);

/**
 * The payouts expiry sweep for one organization at its clock (`now`): funding deadlines passed and drafts past their
 * validity. Run every minute by the sweeps job, and at once when the organization's sandbox clock moves.
 */
export async function expireOverdue(tx: Executor, orgId: string, now: Date): Promise<number> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  // One round trip for both lists: two scalar subqueries, typed through their columns.
  const o = payoutOrders;
  const b = payoutBatches;
  const [due] = await tx
    .select({
      funding: sql<string[] | null>`(select array_agg(distinct ${o.batchId})::text[] from ${o}
      where ${o.orgId} = ${orgId} and ${o.status} = 'AWAITING_DEPOSIT' and ${o.expiresAt} <= ${stamp})`,
      drafts: sql<string[] | null>`(select array_agg(${b.id})::text[] from ${b}
      where ${b.orgId} = ${orgId} and ${b.status} = 'AWAITING_CONFIRMATION' and ${b.draftExpiresAt} <= ${stamp})`,
    })
    // The organization's own row, so the two lists come back as one row (none for an unknown organization: no work).
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return (
    (await expireFunding(tx, orgId, due?.funding ?? [])) + (await expireDrafts(tx, orgId, due?.drafts ?? []))
  );
}

export const payoutsExpirySweep = defineSweep({
  name: 'payouts.expiry',
  run: (tx, scope) => expireOverdue(tx, scope.orgId, scope.now),
});

/** `POST /payouts/{batchId}/cancel`: discard a draft; its orders become CANCELLED_EXPIRED, nothing was charged. */
export async function discardBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
): Promise<BatchWithOrdersWire> {
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, actor.orgId, batchId);
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'discard');
    const at = await businessNow(tx, actor.orgId);
    await applyTransitions(tx, actor, at, { batchIds: [batchId] }, (order) =>
      order.status === 'DRAFT' ? { to: 'CANCELLED_EXPIRED' } : null,
    );
    return getBatchWithOrders(tx, actor.orgId, batchId);
  });
}

/** `POST /orders/{orderId}/cancel`: an order still awaiting deposit is cancelled and its hold released. */
export async function cancelOrder(
  executor: Executor,
  actor: ServiceActor,
  orderId: string,
): Promise<OrderWire> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, actor.orgId);
    const outcome = await applyTransitions(tx, actor, at, { orderIds: [orderId] }, (order) => {
      if (order.status !== 'AWAITING_DEPOSIT')
        throw new ApiError(
          'conflict',
          `order is ${order.status}: only an order awaiting deposit can be cancelled`,
          { code: 'invalid_state' },
        );
      return { to: 'CANCELLED_EXPIRED' };
    });
    const order = outcome.orders.get(orderId);
    if (!order) throw ApiError.notFound('Order');
    return toWireOrder(order);
  });
}
