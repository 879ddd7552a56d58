// Owns what a bank report says, whatever its format (pain.002, camt.054, CSV): entries for one transaction (matched
// on EndToEndId) or for a whole file or group (pain.002's group status), and the one mapping of a status to what it
// does to an order (DESIGN "Payment files").

export interface TransactionEntry {
  level: 'transaction';
  /** The EndToEndId (or order id) exactly as the report wrote it. */
  reference: string;
  status: string;
  reasonCode: string | null;
  reasonText: string | null;
  bankReference: string | null;
}

export interface GroupEntry {
  level: 'group';
  /** OrgnlMsgId: the file. */
  messageId: string;
  /** OrgnlPmtInfId: one group of the file; null for the whole file (GrpSts). */
  paymentInformationId: string | null;
  status: string;
  reasonCode: string | null;
  reasonText: string | null;
}

export type ReportEntry = TransactionEntry | GroupEntry;

export interface ReadReport {
  /** The payment file the report answers, when it names one (pain.002's OrgnlMsgId). */
  originalMessageId: string | null;
  entries: ReportEntry[];
}

export type StatusEffect = 'COMPLETED' | 'FAILED' | 'recorded' | 'unknown';

const EFFECTS: Record<string, StatusEffect> = {
  // pain.002 (ExternalPaymentTransactionStatus1Code)
  ACSC: 'COMPLETED',
  ACCC: 'COMPLETED',
  ACTC: 'recorded',
  ACCP: 'recorded',
  ACSP: 'recorded',
  ACWC: 'recorded',
  PDNG: 'recorded',
  RJCT: 'FAILED',
  // camt.054 entry status: booked (the money left) or pending
  BOOK: 'COMPLETED',
  // the desk's CSV
  PAID: 'COMPLETED',
  FAILED: 'FAILED',
  PENDING: 'recorded',
};

/** What a status does; a code this list does not know is listed to the operator, never guessed. */
export function statusEffect(status: string): StatusEffect {
  return EFFECTS[status.toUpperCase()] ?? 'unknown';
}

/** The ISO reason codes a bank most often returns, as a client reads them (ExternalStatusReason1Code). */
const REASONS: Record<string, string> = {
  AC01: 'Incorrect account number',
  AC03: 'Invalid creditor account number',
  AC04: 'Closed account number',
  AC06: 'Blocked account',
  AG01: 'Transaction forbidden on this account',
  AG02: 'Invalid bank operation code',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate payment',
  BE04: 'Missing creditor address',
  BE05: 'Unrecognised initiating party',
  CURR: 'Incorrect currency',
  DUPL: 'Duplicate payment',
  FF01: 'Invalid file format',
  MD07: 'Beneficiary deceased',
  MS02: 'Refused by the beneficiary',
  MS03: 'Reason not specified by the bank',
  RC01: 'Incorrect bank identifier (BIC)',
  RR04: 'Regulatory reason',
};

/** The order's failure_message for a rejection: the code and its text ("AC04: Closed account number"). */
export function failureMessage(code: string | null, text: string | null): string {
  const words = text ?? (code ? REASONS[code.toUpperCase()] : undefined) ?? 'Rejected by the bank';
  return (code ? `${code.toUpperCase()}: ${words}` : words).slice(0, 500);
}
