// Owns the shape of an expiry sweep: a named function that expires one organization's overdue things at its clock.
import type { Executor } from '@/db/client';

export interface SweepScope {
  orgId: string;
  /** The organization's business time (its sandbox clock); compare deadlines with this, never with real time. */
  now: Date;
}

export interface ExpirySweep {
  /** `<area>.<what>`, e.g. `payouts.order-expiry`; unique. */
  readonly name: string;
  /**
   * Expires what is overdue for one organization, inside the transaction it is given, and answers how many things it
   * changed. Must be idempotent: the periodic job and `POST /sandbox/clock` may run it at any moment, even twice.
   */
  run(tx: Executor, scope: SweepScope): Promise<number>;
}

export function defineSweep(sweep: ExpirySweep): ExpirySweep {
  return sweep;
}
