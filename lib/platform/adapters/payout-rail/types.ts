// Owns the interface of a payout rail (the banks' side), in production terms: who sends a payment (the lifecycle's
// automatic steps through `send`/`outcome`, or people at the payouts desk driving the state machine), and its outcome.
import type { ProbedAdapter } from '../health';
export interface PaymentInstruction {
  orderId: string;
  amount: string;
  currency: string;
}

export interface SentPayment {
  /** The rail's own id for the payment. */
  railReference: string;
  /** UETR-style end-to-end reference (a UUID) that travels with the payment; the client sees it. */
  trackingReference: string;
}

export type PaymentOutcome =
  | { status: 'pending' }
  | { status: 'paid' }
  /** `message` is safe to show to the client (it becomes the order's failure_message). */
  | { status: 'returned'; message: string };

export interface PayoutRail extends ProbedAdapter {
  readonly name: string;
  /**
   * `automatic`: the lifecycle sends each DEPOSIT_RECEIVED order through `send` and asks `outcome` (the sandbox).
   * `desk`: operations mark orders sent and record each outcome at the payouts desk; the lifecycle never calls them.
   */
  readonly sending: 'automatic' | 'desk';
  send(payment: PaymentInstruction): Promise<SentPayment>;
  outcome(payment: PaymentInstruction & { railReference: string | null }): Promise<PaymentOutcome>;
}
