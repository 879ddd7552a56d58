// Owns how USDT reaches an organization: its funding address per chain and the deposits credited to it.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEPOSIT_STATUSES, type DepositStatus } from '@/lib/funding/contract/enums';
import { amount, createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';
import { ledgerTransactions } from './ledger';
import { chainRef } from './platform/chains';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { DEPOSIT_STATUSES, type DepositStatus } from '@/lib/funding/contract/enums';

export const fundingAddresses = pgTable(
  'funding_addresses',
  {
    id: id(),
    orgId: orgId(),
    chainId: chainRef(),
    address: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('funding_addresses_org_chain_key').on(t.orgId, t.chainId),
    uniqueIndex('funding_addresses_chain_address_key').on(t.chainId, t.address),
  ],
);

/** An incoming USDT transfer to a funding address (simulated by the sandbox custody adapter). */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    orgId: orgId(),
    fundingAddressId: uuid()
      .notNull()
      .references(() => fundingAddresses.id, { onDelete: 'restrict' }),
    chainId: chainRef(),
    amount: amount('amount').notNull(),
    currency: text().notNull().default('USDT'),
    transactionHash: text().notNull(),
    status: text().$type<DepositStatus>().notNull().default('credited'),
    ledgerTransactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deposits_org_created_idx').on(t.orgId, t.createdAt, t.id),
    uniqueIndex('deposits_chain_tx_key').on(t.chainId, t.transactionHash),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    oneOf('deposits_status_valid', t.status, DEPOSIT_STATUSES),
  ],
);

export const MANUAL_DEPOSIT_STATUSES = ['recorded', 'confirmed', 'rejected'] as const;
export type ManualDepositStatus = (typeof MANUAL_DEPOSIT_STATUSES)[number];

/**
 * A deposit recorded by the provider's operations (manual custody): credited only once another person with the
 * operations role confirms it; once per (chain, transaction hash), whatever its outcome.
 */
export const manualDeposits = pgTable(
  'manual_deposits',
  {
    id: id(),
    orgId: orgId(),
    chainId: chainRef(),
    amount: amount('amount').notNull(),
    transactionHash: text().notNull(),
    status: text().$type<ManualDepositStatus>().notNull().default('recorded'),
    recordedByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestampMs('decided_at'),
    rejectionReason: text(),
    /** The credited deposit, once confirmed. */
    depositId: uuid().references(() => deposits.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('manual_deposits_chain_tx_key').on(t.chainId, t.transactionHash),
    index('manual_deposits_status_created_idx').on(t.status, t.createdAt),
    check('manual_deposits_amount_positive', sql`${t.amount} > 0`),
    oneOf('manual_deposits_status_valid', t.status, MANUAL_DEPOSIT_STATUSES),
    check(
      'manual_deposits_decided',
      sql`(${t.status} = 'recorded') = (${t.decidedByUserId} is null)
        and (${t.status} = 'confirmed') = (${t.depositId} is not null)
        and (${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    // Four eyes for the credit; a recorder may reject (withdraw) their own record, which moves no money.
    check(
      'manual_deposits_four_eyes',
      sql`${t.status} <> 'confirmed' or ${t.decidedByUserId} <> ${t.recordedByUserId}`,
    ),
  ],
);
