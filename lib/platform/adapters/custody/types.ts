// Owns the custody interface, in production terms: deposit addresses (allocated by custody, or entered by operations),
// where deposits come from (simulated, recorded by operations, or watched on a chain — each credited through the
// funding service), how a confirmed order's USDT reaches settlement, and how a withdrawal is executed.
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import type { AddressFormat } from '@/lib/platform/chains/addresses';
import type { ProbedAdapter } from '../health';
import type { CustodyChainWatch } from './chain-watch';

export interface CustodyChain {
  /** Our chain code (`tron`, `ethereum`). */
  code: string;
  addressFormat: AddressFormat;
}

/** Deposit addresses: where an organization sends USDT to fund its balance. */
export interface CustodyAddresses {
  /**
   * `allocated`: custody opens an address for every organization on every active chain when it is created
   * (`allocateDepositAddress`). `entered_by_operations`: the provider's operations team enters each organization's
   * address per chain (manual custody: the addresses belong to the provider's custodian, not to us).
   */
  readonly depositAddresses: 'allocated' | 'entered_by_operations' | 'derived';
  /** Opens a deposit address for the organization on a chain; refused when addresses are entered by operations. */
  allocateDepositAddress(input: { orgId: string; chain: CustodyChain }): Promise<{ address: string }>;
  /**
   * `derived` only (EVM custody): the address of child 0/<index> of the provider's extended public key. Funding gives
   * each organization an index from a sequence never reused, so the address exists before any key could spend it.
   */
  deriveDepositAddress?(index: number): string;
}

/** An inbound transfer the provider saw land on one of our deposit addresses. */
export interface CustodyIncomingTransfer {
  transactionHash: string;
}

/**
 * Incoming deposits, in any case credited through the funding service (`creditDeposit`: deposit row, balanced ledger
 * movement, event). `simulated`: the sandbox makes one on request. `recorded_by_operations`: a person records it
 * (organization, chain, amount, hash) and another confirms it before it is credited (lib/funding/server).
 */
export interface CustodyDeposits {
  readonly depositSource: 'simulated' | 'recorded_by_operations' | 'watched_chain';
  /** `watched_chain` only: the chain a watcher reads deposits and withdrawals from (lib/funding/server). */
  readonly chainWatch?: CustodyChainWatch;
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

/**
 * Sweeps: the custody provider moves an order's held USDT into settlement (DEPOSIT_RECEIVED when it lands). With the
 * client's USDT already in the provider's custody (`immediate`), funding a confirmed order is an internal ledger move:
 * confirm enqueues a job that moves every order to DEPOSIT_RECEIVED at once; `stepped`: the sandbox steps find it.
 */
export interface CustodySweeps {
  readonly funding: 'stepped' | 'immediate';
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
 * Sending USDT out. `simulated`: the sandbox moves each withdrawal one step at a time. `recorded_by_operations`: the
 * provider's operations team sends it from custody and records the execution (transaction hash) for an approved
 * withdrawal, which runs the withdrawal's lifecycle to completion (lib/liquidity/server).
 */
export interface CustodyWithdrawals {
  readonly withdrawalExecution: 'simulated' | 'recorded_by_operations';
  /** The next step of an in-flight withdrawal, or null when it is final. */
  nextWithdrawalStep(withdrawal: CustodyWithdrawalView): CustodyWithdrawalUpdate | null;
  /** Whether its steps happen by themselves (false: only the sandbox advance endpoint moves it). */
  withdrawalStepsAutomatically(withdrawal: CustodyWithdrawalView): boolean;
}

/**
 * `on_chain` (EVM custody): a withdrawal operations record as sent is completed only once the watcher finds its
 * transfer on chain with enough confirmations; absent, recording it completes it.
 */
export interface CustodyWithdrawalProof {
  readonly withdrawalProof?: 'on_chain';
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
    CustodyWithdrawalProof,
    ProbedAdapter {
  /** The implementation's name, for logs and the audit trail (`sandbox`, `manual`, `evm`). */
  readonly name: string;
}
