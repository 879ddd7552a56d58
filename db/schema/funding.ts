// Owns how USDT reaches an organization: its funding address per chain and the deposits credited to it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHAIN_ALERT_KINDS,
  CHAIN_ALERT_RESOLUTIONS,
  CHAIN_DEPOSIT_STATUSES,
  type ChainAlertKind,
  type ChainAlertResolution,
  type ChainDepositStatus,
  DEPOSIT_STATUSES,
  type DepositStatus,
} from '@/lib/funding/contract/enums';
import { amount, createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';
import { ledgerTransactions } from './ledger';
import { chainRef } from './platform/chains';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { DEPOSIT_STATUSES, type DepositStatus } from '@/lib/funding/contract/enums';

/**
 * The BIP32 child index of each derived deposit address (CUSTODY_ADAPTER=evm): a sequence never hands out a number
 * twice, even when the transaction that took it rolls back, so no two organizations ever share a key path.
 */
export const fundingAddressDerivationIndex = pgSequence('funding_address_derivation_index_seq', {
  startWith: 0,
  minValue: 0,
  maxValue: 2147483647,
});

export const fundingAddresses = pgTable(
  'funding_addresses',
  {
    id: id(),
    orgId: orgId(),
    chainId: chainRef(),
    address: text().notNull(),
    /** Derived addresses only: the address is child 0/<this> of CUSTODY_XPUB. */
    derivationIndex: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('funding_addresses_org_chain_key').on(t.orgId, t.chainId),
    uniqueIndex('funding_addresses_chain_address_key').on(t.chainId, t.address),
    uniqueIndex('funding_addresses_derivation_index_key').on(t.derivationIndex),
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
    /** On-chain deposits (CUSTODY_ADAPTER=evm): the Transfer log's index; one transaction may pay several addresses. */
    logIndex: integer(),
    status: text().$type<DepositStatus>().notNull().default('credited'),
    ledgerTransactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deposits_org_created_idx').on(t.orgId, t.createdAt, t.id),
    // Once per transfer: a null log index (simulated or recorded deposits) counts as one value, as before.
    unique('deposits_chain_tx_log_key').on(t.chainId, t.transactionHash, t.logIndex).nullsNotDistinct(),
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

/** Token units of any ERC-20 amount (uint256: up to 78 digits), kept exactly as the chain said. */
const rawTokenAmount = (name: string) => numeric(name, { precision: 78, scale: 0 });
const blockNumber = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A token transfer to a funding address seen on chain (CUSTODY_ADAPTER=evm), once per (chain, transaction, log):
 * `pending` while it gathers confirmations, `credited` once (its deposit row names the ledger movement), `reorged` when
 * it vanished before that. A credited one that vanishes keeps its status and gets `vanished_at` and an alert: the
 * credit is never reversed silently.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: id(),
    orgId: orgId(),
    chainId: chainRef(),
    fundingAddressId: uuid()
      .notNull()
      .references(() => fundingAddresses.id, { onDelete: 'restrict' }),
    transactionHash: text().notNull(),
    logIndex: integer().notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text().notNull(),
    fromAddress: text().notNull(),
    tokenAddress: text().notNull(),
    rawAmount: rawTokenAmount('raw_amount').notNull(),
    tokenDecimals: integer().notNull(),
    /** USDT credited: the raw amount rounded down to 6 decimals. */
    amount: amount('amount').notNull(),
    status: text().$type<ChainDepositStatus>().notNull().default('pending'),
    confirmations: integer().notNull(),
    requiredConfirmations: integer().notNull(),
    depositId: uuid().references(() => deposits.id, { onDelete: 'restrict' }),
    creditedAt: timestampMs('credited_at'),
    reorgedAt: timestampMs('reorged_at'),
    vanishedAt: timestampMs('vanished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_deposits_chain_tx_log_key').on(t.chainId, t.transactionHash, t.logIndex),
    index('chain_deposits_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('chain_deposits_chain_status_block_idx').on(t.chainId, t.status, t.blockNumber),
    uniqueIndex('chain_deposits_deposit_key').on(t.depositId),
    check('chain_deposits_amount_not_negative', sql`${t.amount} >= 0 and ${t.rawAmount} > 0`),
    oneOf('chain_deposits_status_valid', t.status, CHAIN_DEPOSIT_STATUSES),
    check(
      'chain_deposits_credited',
      sql`(${t.status} = 'credited') = (${t.depositId} is not null and ${t.creditedAt} is not null)
        and (${t.status} = 'reorged') = (${t.reorgedAt} is not null)
        and (${t.vanishedAt} is null or ${t.status} = 'credited')`,
    ),
  ],
);

/**
 * The watcher's checkpoint per (chain, token): every block up to `last_scanned_block` has been read. Its row is the
 * watcher's lock (one pass at a time over every worker), and it moves only in the transaction that stored what the
 * blocks held.
 */
export const chainWatchCheckpoints = pgTable(
  'chain_watch_checkpoints',
  {
    chainId: chainRef(),
    tokenAddress: text().notNull(),
    lastScannedBlock: blockNumber('last_scanned_block').notNull(),
    headBlock: blockNumber('head_block').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.tokenAddress] })],
);

/** Hashes of recently read blocks, to notice a reorganisation: a stored hash the node no longer has. */
export const chainWatchBlocks = pgTable(
  'chain_watch_blocks',
  {
    chainId: chainRef(),
    tokenAddress: text().notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.tokenAddress, t.blockNumber] })],
);

/**
 * What the watcher cannot settle alone and operations must look at: a credited deposit that vanished in a
 * reorganisation deeper than the confirmations, a withdrawal whose transfer on chain does not match.
 */
export const chainAlerts = pgTable(
  'chain_alerts',
  {
    id: id(),
    chainId: chainRef(),
    kind: text().$type<ChainAlertKind>().notNull(),
    /** The organization concerned, when one is. */
    orgId: uuid(),
    /** The chain deposit or withdrawal concerned. */
    subjectId: uuid().notNull(),
    message: text().notNull(),
    resolvedAt: timestampMs('resolved_at'),
    /** How operations settled it, who, and why (null on alerts settled before #43's console). */
    resolution: text().$type<ChainAlertResolution>(),
    resolutionNote: text(),
    resolvedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('chain_alerts_kind_valid', t.kind, CHAIN_ALERT_KINDS),
    oneOf('chain_alerts_resolution_valid', t.resolution, CHAIN_ALERT_RESOLUTIONS),
    check(
      'chain_alerts_resolution_when_resolved',
      sql`${t.resolution} is null or ${t.resolvedAt} is not null`,
    ),
    // One open alert per subject: a deposit reinstated by operations that vanishes again is alerted again.
    uniqueIndex('chain_alerts_kind_subject_key').on(t.kind, t.subjectId).where(sql`${t.resolvedAt} is null`),
    index('chain_alerts_created_idx').on(t.createdAt, t.id),
  ],
);
