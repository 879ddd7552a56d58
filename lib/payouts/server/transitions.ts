// Owns the order state machine: the one table of legal transitions, the money each one moves and the event it writes.
import type { LedgerTransactionType } from '@/db/schema/ledger';
import type { OrderStatus } from '@/db/schema/payouts';

/** Where an order's money sits: the organization's available or held balance, settlement, or gone to the rail. */
export type MoneyPlace = 'available' | 'held' | 'settlement' | 'payout_rail';

export interface Movement {
  type: LedgerTransactionType;
  from: MoneyPlace;
  to: MoneyPlace;
  description: string;
}

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** What moves the order's source_amount; null when no money moves (or the batch moves it, as confirm's hold). */
  movement: Movement | null;
  /** Why it happens, for readers of this table. */
  trigger: string;
}

/**
 * DESIGN "Funding and order lifecycle": confirming holds the batch total (one batch-level hold, available → held);
 * the custody sweep landing moves the order's amount held → settlement (DEPOSIT_RECEIVED); the payment leaves
 * (PAYING_BENEFICIARY, no money moves: it is still in settlement until the rail confirms) and completes
 * settlement → payout rail; a failure returns it to available; expiry or cancellation before the sweep releases the
 * hold. Anything not in this table is refused.
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'DRAFT', to: 'AWAITING_DEPOSIT', movement: null, trigger: 'confirm (the batch holds its total)' },
  { from: 'DRAFT', to: 'CANCELLED_EXPIRED', movement: null, trigger: 'draft discarded or expired (7 days)' },
  {
    from: 'AWAITING_DEPOSIT',
    to: 'DEPOSIT_RECEIVED',
    movement: {
      type: 'settlement_sweep',
      from: 'held',
      to: 'settlement',
      description: 'Sweep to settlement',
    },
    trigger: 'custody sweep landed',
  },
  {
    from: 'AWAITING_DEPOSIT',
    to: 'CANCELLED_EXPIRED',
    movement: {
      type: 'batch_hold_release',
      from: 'held',
      to: 'available',
      description: 'Order cancelled or funding deadline passed: hold released',
    },
    trigger: 'expires_at passed, or cancelled by an approver',
  },
  { from: 'DEPOSIT_RECEIVED', to: 'PAYING_BENEFICIARY', movement: null, trigger: 'payment sent on the rail' },
  {
    from: 'DEPOSIT_RECEIVED',
    to: 'FAILED',
    movement: {
      type: 'payout_returned',
      from: 'settlement',
      to: 'available',
      description: 'Order failed: funds returned',
    },
    trigger: 'payment could not be sent',
  },
  {
    from: 'PAYING_BENEFICIARY',
    to: 'COMPLETED',
    movement: {
      type: 'payout_paid',
      from: 'settlement',
      to: 'payout_rail',
      description: 'Paid to beneficiary',
    },
    trigger: 'rail confirmed the credit',
  },
  {
    from: 'PAYING_BENEFICIARY',
    to: 'FAILED',
    movement: {
      type: 'payout_returned',
      from: 'settlement',
      to: 'available',
      description: 'Payment returned by the beneficiary bank',
    },
    trigger: 'rail returned the payment',
  },
];

export function transitionFor(from: OrderStatus, to: OrderStatus): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** The event of an order reaching a status (DESIGN: `order.<status in lower case>` for every status after DRAFT). */
export function orderEventType(status: OrderStatus): string {
  return `order.${status.toLowerCase()}`;
}
