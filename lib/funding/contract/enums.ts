// Owns the enumerations of funding shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const DEPOSIT_STATUSES = ['credited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A transfer seen on chain (CUSTODY_ADAPTER=evm): gathering confirmations, credited once, or gone before that. */
export const CHAIN_DEPOSIT_STATUSES = ['pending', 'credited', 'reorged'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

export const CHAIN_ALERT_KINDS = ['credited_deposit_vanished', 'withdrawal_mismatch'] as const;
export type ChainAlertKind = (typeof CHAIN_ALERT_KINDS)[number];
