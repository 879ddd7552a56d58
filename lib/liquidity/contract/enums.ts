// Owns the enumerations of liquidity shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/**
 * pending: accepted and held, not yet handed to custody; submitted: a withdrawal exists for it;
 * rejected: refused before custody (the hold is released), with a reason.
 */
export const WITHDRAWAL_REQUEST_STATUSES = ['pending', 'submitted', 'rejected'] as const;
export type WithdrawalRequestStatus = (typeof WITHDRAWAL_REQUEST_STATUSES)[number];

/** The wire statuses of a withdrawal (upper case, as the spec's `SUBMITTED`). */
export const WITHDRAWAL_STATUSES = ['SUBMITTED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The custody-side step, per status; a CHECK keeps every (status, sub_status) pair on this map.
 * - SUBMITTED/pending_approval: accepted and held, waiting for a second person of the organization to approve it
 *   (the approval policy's `withdrawals_require_approval`); nothing has gone to custody.
 * - SUBMITTED/awaiting_approval: accepted by us, waiting for the custody provider's policy approval.
 * - PROCESSING/signing: approved, the custody provider is signing the transaction.
 * - PROCESSING/broadcasting: signed, being sent to the chain.
 * - PROCESSING/confirming: in a block, waiting for the chain's confirmation depth.
 * - PROCESSING/needs_review: the transfer found on chain for the recorded hash does not match the withdrawal (other
 *   token, recipient or amount, or a failed transaction): the hold stays until operations look at it (EVM custody).
 * - COMPLETED/confirmed: final on chain; transaction_hash and custody_transaction_id are set.
 * - FAILED/rejected: refused before anything was sent: by an approver of the organization (failure_reason
 *   "Rejected: …") or by the custody provider's policy.
 * - FAILED/broadcast_failed: the chain refused the transaction; nothing was sent.
 * - FAILED/reverted: mined but reverted on chain; nothing was transferred.
 * Every FAILED withdrawal releases its hold and carries a displayable failure_reason.
 */
export const WITHDRAWAL_SUB_STATUSES_BY_STATUS = {
  SUBMITTED: ['pending_approval', 'awaiting_approval'],
  PROCESSING: ['signing', 'broadcasting', 'confirming', 'needs_review'],
  COMPLETED: ['confirmed'],
  FAILED: ['rejected', 'broadcast_failed', 'reverted'],
} as const satisfies Record<WithdrawalStatus, readonly string[]>;
export type WithdrawalSubStatus = (typeof WITHDRAWAL_SUB_STATUSES_BY_STATUS)[WithdrawalStatus][number];

export const WITHDRAWAL_SUB_STATUSES = Object.values(
  WITHDRAWAL_SUB_STATUSES_BY_STATUS,
).flat() as WithdrawalSubStatus[];

/** Upper case like the other liquidity resources on the wire. */
export const LOAN_STATUSES = ['PENDING', 'ACTIVE', 'REPAID', 'OVERDUE', 'CANCELLED'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const SETTLEMENT_ROUTE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type SettlementRouteStatus = (typeof SETTLEMENT_ROUTE_STATUSES)[number];
