// Owns posting a balanced ledger transaction: the only way money moves.
import type { Executor } from '@/db/client';
import { type LedgerTransactionType, ledgerEntries, ledgerTransactions } from '@/db/schema/ledger';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { Decimal, dec, USDT_MAX_DECIMALS } from '@/lib/platform/money';

export interface EntryInput {
  accountId: string;
  /** Signed decimal string: positive credits the account's balance, negative debits it. */
  amount: string;
}

export interface TransactionInput {
  orgId: string | null;
  type: LedgerTransactionType;
  description: string;
  referenceType?: string;
  referenceId?: string;
  metadata?: Record<string, unknown>;
  entries: EntryInput[];
  currency?: string;
  /**
   * When the movement happened, for imports and the demo seed that replay history; defaults to the organization's
   * business time (its sandbox clock: DESIGN "Time bases"), or real time for a movement of no organization.
   * Ledger rows are immutable, so the time must be right when they are written.
   */
  createdAt?: Date;
}

/** The database refuses a client account below zero; this is how that refusal surfaces to callers. */
export class InsufficientFundsError extends ApiError {
  constructor() {
    super('bad_request', 'funding balance is short', { code: 'insufficient_balance' });
  }
}

function assertBalanced(entries: EntryInput[]): void {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = new Decimal(0);
  for (const entry of entries) {
    const value = dec(entry.amount);
    if (value.isZero()) throw new Error('a ledger entry cannot be zero');
    if (value.decimalPlaces() > USDT_MAX_DECIMALS) throw new Error('a ledger entry has too many decimals');
    sum = sum.plus(value);
  }
  // The database checks this too (deferred trigger); failing here gives a clearer error earlier.
  if (!sum.isZero()) throw new Error(`ledger transaction is not balanced (sum ${sum.toFixed()})`);
}

function isNegativeBalanceViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('constraint_name' in current && current.constraint_name === 'ledger_accounts_no_negative_balance')
      return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Posts the transaction and its entries; the balance trigger updates each account in the same statement.
 * Must run inside a database transaction (pass `tx`) so the ledger change commits with what caused it.
 */
export async function postTransaction(executor: Executor, input: TransactionInput): Promise<string> {
  assertBalanced(input.entries);
  const currency = input.currency ?? 'USDT';
  const createdAt = input.createdAt ?? (input.orgId ? await businessNow(executor, input.orgId) : undefined);
  const [transaction] = await executor
    .insert(ledgerTransactions)
    .values({
      orgId: input.orgId,
      type: input.type,
      description: input.description,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      metadata: input.metadata ?? {},
      ...(createdAt ? { createdAt } : {}),
    })
    .returning({ id: ledgerTransactions.id });
  try {
    await executor.insert(ledgerEntries).values(
      input.entries.map((entry) => ({
        transactionId: transaction!.id,
        accountId: entry.accountId,
        currency,
        amount: entry.amount,
        ...(createdAt ? { createdAt } : {}),
      })),
    );
  } catch (error) {
    if (isNegativeBalanceViolation(error)) throw new InsufficientFundsError();
    throw error;
  }
  return transaction!.id;
}
