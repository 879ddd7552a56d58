// Owns the custody sweep interface: whether the funds held for an order have been swept into settlement.
export interface SweepRequest {
  orgId: string;
  orderId: string;
  /** USDT held for the order. */
  sourceAmount: string;
  /** What the beneficiary receives (the sandbox's magic values read it). */
  beneficiaryAmount: string;
}

export interface CustodySweeps {
  readonly name: string;
  /** True once the sweep of the order's held USDT has landed in settlement; false while it has not. */
  sweepLanded(request: SweepRequest): Promise<boolean>;
}
