// Owns batch status derivation (DESIGN "Batch status"): a batch's status and counts are a function of its orders.
import {
  type BatchStatus,
  FAILED_ORDER_STATUSES,
  type OrderStatus,
  TERMINAL_ORDER_STATUSES,
} from '@/db/schema/payouts';

export interface BatchTally {
  status: BatchStatus;
  totalCount: number;
  completedCount: number;
  /** FAILED and CANCELLED_EXPIRED orders (the spec: "includes cancelled orders"). */
  failedCount: number;
}

const isTerminal = (status: OrderStatus) =>
  (TERMINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
/** FAILED or CANCELLED_EXPIRED: the order ended without paying out. */
export const isFailedOrderStatus = (status: OrderStatus) =>
  (FAILED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * All DRAFT → AWAITING_CONFIRMATION; all terminal → COMPLETED / PARTIALLY_COMPLETED / FAILED, except a batch never
 * confirmed (expired or discarded as a draft) → CANCELLED_EXPIRED; anything else → IN_PROGRESS.
 */
export function deriveBatchStatus(orderStatuses: readonly OrderStatus[], confirmed: boolean): BatchTally {
  if (orderStatuses.length === 0) throw new Error('a batch has at least one order');
  const completedCount = orderStatuses.filter((status) => status === 'COMPLETED').length;
  const failedCount = orderStatuses.filter(isFailedOrderStatus).length;
  const tally = { totalCount: orderStatuses.length, completedCount, failedCount };
  if (orderStatuses.every((status) => status === 'DRAFT'))
    return { ...tally, status: 'AWAITING_CONFIRMATION' };
  if (orderStatuses.every(isTerminal)) {
    if (!confirmed) return { ...tally, status: 'CANCELLED_EXPIRED' };
    if (completedCount === orderStatuses.length) return { ...tally, status: 'COMPLETED' };
    return { ...tally, status: completedCount > 0 ? 'PARTIALLY_COMPLETED' : 'FAILED' };
  }
  return { ...tally, status: 'IN_PROGRESS' };
}
