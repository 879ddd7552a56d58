// Owns the enumerations of payouts shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** The spec's BatchStatus. */
export const BATCH_STATUSES = [
  'AWAITING_CONFIRMATION',
  'IN_PROGRESS',
  'COMPLETED',
  'PARTIALLY_COMPLETED',
  'FAILED',
  'CANCELLED_EXPIRED',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** The spec's OrderStatus. */
export const ORDER_STATUSES = [
  'DRAFT',
  'AWAITING_DEPOSIT',
  'DEPOSIT_RECEIVED',
  'PAYING_BENEFICIARY',
  'COMPLETED',
  'FAILED',
  'CANCELLED_EXPIRED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TERMINAL_ORDER_STATUSES = [
  'COMPLETED',
  'FAILED',
  'CANCELLED_EXPIRED',
] as const satisfies readonly OrderStatus[];

/** Statuses that count toward a batch's failed_count (the spec: "includes cancelled orders"). */
export const FAILED_ORDER_STATUSES = [
  'FAILED',
  'CANCELLED_EXPIRED',
] as const satisfies readonly OrderStatus[];

/** OUR: the client funds the whole wire fee. SHA: the fee is split per SWIFT convention (see corridors). */
export const FEE_TYPES = ['OUR', 'SHA'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** The spec's PurposeCode. */
export const PURPOSE_CODES = [
  'SNTR',
  'GDSP',
  'LGST',
  'ADVT',
  'TECH',
  'CLUD',
  'RENT',
  'UTIL',
  'LAWF',
  'ACCT',
  'CONS',
  'SPON',
  'INVT',
] as const;
export type PurposeCode = (typeof PURPOSE_CODES)[number];

/** The files the payouts desk sends its bank: ISO 20022 credit transfers for IBAN payees, a CSV for the others. */
export const PAYMENT_FILE_FORMATS = ['pain.001.001.09', 'csv'] as const;
export type PaymentFileFormat = (typeof PAYMENT_FILE_FORMATS)[number];
/** built (downloadable, cancellable) → sent (its orders PAYING_BENEFICIARY) | cancelled (its orders released). */
export const PAYMENT_FILE_STATUSES = ['built', 'sent', 'cancelled'] as const;
export type PaymentFileStatus = (typeof PAYMENT_FILE_STATUSES)[number];
/** The reports the bank sends back: status reports, debit notifications, or the desk's own CSV. */
export const PAYMENT_REPORT_FORMATS = ['pain.002.001.10', 'camt.054.001.08', 'csv'] as const;
export type PaymentReportFormat = (typeof PAYMENT_REPORT_FORMATS)[number];
