// Owns the enumerations of ledger shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** An organization's own money: spendable, and held for confirmed batches or pending withdrawals. */
export const ORG_ACCOUNT_TYPES = ['available', 'held'] as const;

/**
 * The provider's side: `custody_external` is the outside world as seen through custody (deposits come
 * from it, withdrawals go to it), `settlement` holds swept funds for payouts in flight, and
 * `payout_rail_external` is what left to beneficiaries.
 */
export const SYSTEM_ACCOUNT_TYPES = ['custody_external', 'settlement', 'payout_rail_external'] as const;

export const LEDGER_ACCOUNT_TYPES = [...ORG_ACCOUNT_TYPES, ...SYSTEM_ACCOUNT_TYPES] as const;
export type OrgAccountType = (typeof ORG_ACCOUNT_TYPES)[number];
export type SystemAccountType = (typeof SYSTEM_ACCOUNT_TYPES)[number];
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

export const LEDGER_TRANSACTION_TYPES = [
  'deposit',
  'batch_hold',
  'batch_hold_release',
  'settlement_sweep',
  'payout_paid',
  'payout_returned',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_sent',
  'adjustment',
] as const;
export type LedgerTransactionType = (typeof LEDGER_TRANSACTION_TYPES)[number];
