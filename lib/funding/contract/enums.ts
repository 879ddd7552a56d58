// Owns the enumerations of funding shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const DEPOSIT_STATUSES = ['credited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A transfer seen on chain (CUSTODY_ADAPTER=evm): gathering confirmations, credited once, or gone before that. */
export const CHAIN_DEPOSIT_STATUSES = ['pending', 'credited', 'reorged'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

export const CHAIN_ALERT_KINDS = ['credited_deposit_vanished', 'withdrawal_mismatch'] as const;
export type ChainAlertKind = (typeof CHAIN_ALERT_KINDS)[number];

/**
 * How operations settled an alert: a vanished credit `reinstated` (the node shows the transaction again with its
 * confirmations) or `written_off` (the provider bears it; the credit stands); a mismatched withdrawal by its review.
 */
export const CHAIN_ALERT_RESOLUTIONS = [
  'reinstated',
  'written_off',
  'withdrawal_completed',
  'withdrawal_failed',
] as const;
export type ChainAlertResolution = (typeof CHAIN_ALERT_RESOLUTIONS)[number];

/** What operations may choose for a `credited_deposit_vanished` alert (decision 0325). */
export const VANISHED_DEPOSIT_OUTCOMES = ['reinstated', 'written_off'] as const;
