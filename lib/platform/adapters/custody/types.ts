// Owns the custody interface, in a custody provider's terms: deposit addresses and incoming transfers.
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import type { AddressFormat } from '@/lib/platform/chains/addresses';
import type { ProbedAdapter } from '../health';

export interface CustodyChain {
  /** Our chain code (`tron`, `ethereum`). */
  code: string;
  addressFormat: AddressFormat;
}

/** Deposit addresses: where an organization sends USDT to fund its balance. */
export interface CustodyAddresses {
  /** Opens a deposit address for the organization on a chain (a provider would derive it from our vault). */
  allocateDepositAddress(input: { orgId: string; chain: CustodyChain }): Promise<{ address: string }>;
}

/** An inbound transfer the provider saw land on one of our deposit addresses. */
export interface CustodyIncomingTransfer {
  transactionHash: string;
}

/** Incoming deposits. A real provider reports them (callback or polling); the sandbox makes them on request. */
export interface CustodyDeposits {
  /**
   * Sandbox only in practice: simulates a transfer of `amount` USDT arriving at `address` and answers what a
   * provider would report for it. A real implementation refuses (deposits come from the chain, not from us).
   */
  simulateIncomingTransfer(input: {
    chain: CustodyChain;
    address: string;
    amount: string;
  }): Promise<CustodyIncomingTransfer>;
}

/** What a sweep of one order's held USDT concerns. */
export interface SweepRequest {
  orgId: string;
  orderId: string;
  /** USDT held for the order. */
  sourceAmount: string;
  /** What the beneficiary receives (the sandbox's magic values read it). */
  beneficiaryAmount: string;
}

/** Sweeps: the custody provider moves an order's held USDT into settlement (DEPOSIT_RECEIVED when it lands). */
export interface CustodySweeps {
  /** True once the sweep of the order's held USDT has landed in settlement; false while it has not (or never will). */
  sweepLanded(request: SweepRequest): Promise<boolean>;
}

/** What custody reports about a withdrawal: its next state and what became known with it. */
export interface CustodyWithdrawalUpdate {
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
  custodyTransactionId?: string;
  transactionHash?: string;
  failureReason?: string;
}

/** A withdrawal as custody sees it. */
export interface CustodyWithdrawalView {
  amount: string;
  chainCode: string;
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
}

/**
 * Sending USDT out. A real provider is polled (or calls back) for each withdrawal's progress; the sandbox simulates
 * the progress one step at a time.
 */
export interface CustodyWithdrawals {
  /** The next step of an in-flight withdrawal, or null when it is final. */
  nextWithdrawalStep(withdrawal: CustodyWithdrawalView): CustodyWithdrawalUpdate | null;
  /** Whether its steps happen by themselves (false: only the sandbox advance endpoint moves it). */
  withdrawalStepsAutomatically(withdrawal: CustodyWithdrawalView): boolean;
}

/**
 * The custody adapter is the sum of its capabilities. The payouts work adds `CustodySweeps` (moving held funds to
 * settlement) and the liquidity work `CustodyWithdrawals` (sending USDT out): each as its own interface here, joined
 * into this type, and implemented in `sandbox.ts`.
 */
export interface CustodyAdapter
  extends CustodyAddresses,
    CustodyDeposits,
    CustodyWithdrawals,
    CustodySweeps,
    ProbedAdapter {
  /** The implementation's name, for logs and the audit trail (`sandbox`). */
  readonly name: string;
}
