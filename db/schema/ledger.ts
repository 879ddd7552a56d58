// Owns the double-entry ledger: accounts with a cached balance, transactions, and immutable entries.
// Database triggers (migration `ledger_integrity`) keep the cache equal to the sum of entries, refuse a
// negative balance on client accounts, refuse unbalanced transactions, and refuse edits to entries.
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  LEDGER_ACCOUNT_TYPES,
  LEDGER_TRANSACTION_TYPES,
  type LedgerAccountType,
  type LedgerTransactionType,
} from '@/lib/ledger/contract/enums';
import { amount, createdAt, id, oneOf, updatedAt } from './_columns';
import { optionalOrgId } from './_org-id';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export {
  LEDGER_ACCOUNT_TYPES,
  LEDGER_TRANSACTION_TYPES,
  type LedgerAccountType,
  type LedgerTransactionType,
  ORG_ACCOUNT_TYPES,
  type OrgAccountType,
  SYSTEM_ACCOUNT_TYPES,
  type SystemAccountType,
} from '@/lib/ledger/contract/enums';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    /** Null for the provider's system accounts. */
    orgId: optionalOrgId(),
    type: text().$type<LedgerAccountType>().notNull(),
    currency: text().notNull().default('USDT'),
    /** Sum of this account's entries, maintained by trigger in the same transaction (never written by code). */
    balance: amount('balance').notNull().default('0'),
    /** Only accounts that mirror the outside world may go below zero. */
    allowNegative: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_type_key').on(t.orgId, t.type, t.currency).nullsNotDistinct(),
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    oneOf('ledger_accounts_type_valid', t.type, LEDGER_ACCOUNT_TYPES),
    check('ledger_accounts_no_negative_balance', sql`${t.allowNegative} or ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_matches_type',
      sql`(${t.orgId} is null) = (${t.type} in ('custody_external', 'settlement', 'payout_rail_external'))`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    /** The organization whose money moved (null only for provider-internal movements). */
    orgId: optionalOrgId(),
    type: text().$type<LedgerTransactionType>().notNull(),
    description: text().notNull(),
    /** What caused it (`deposit`, `batch`, `order`, `withdrawal`) and its id, for drill-down and reconciliation. */
    referenceType: text(),
    referenceId: uuid(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('ledger_transactions_org_type_created_idx').on(t.orgId, t.type, t.createdAt, t.id),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
    oneOf('ledger_transactions_type_valid', t.type, LEDGER_TRANSACTION_TYPES),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid().notNull(),
    currency: text().notNull(),
    /** Signed: positive adds to the account's balance, negative takes from it. */
    amount: amount('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }).onDelete('restrict'),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt, t.id),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
