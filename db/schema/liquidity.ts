// Owns liquidity: wallets, withdrawals and their requests, loans, settlement routes and proofs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LOAN_STATUSES,
  type LoanStatus,
  SETTLEMENT_ROUTE_STATUSES,
  type SettlementRouteStatus,
  WITHDRAWAL_REQUEST_STATUSES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_SUB_STATUSES_BY_STATUS,
  type WithdrawalRequestStatus,
  type WithdrawalStatus,
  type WithdrawalSubStatus,
} from '@/lib/liquidity/contract/enums';
import { amount, createdAt, id, isoCurrency, oneOf, rate, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { apiKeys } from './identity/api-keys';
import { users } from './identity/users';
import { ledgerTransactions } from './ledger';
import { payoutBatches } from './payouts';
import { chainRef } from './platform/chains';
import { files } from './platform/files';
import { corridors } from './pricing';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export {
  LOAN_STATUSES,
  type LoanStatus,
  SETTLEMENT_ROUTE_STATUSES,
  type SettlementRouteStatus,
  WITHDRAWAL_REQUEST_STATUSES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_SUB_STATUSES,
  WITHDRAWAL_SUB_STATUSES_BY_STATUS,
  type WithdrawalRequestStatus,
  type WithdrawalStatus,
  type WithdrawalSubStatus,
} from '@/lib/liquidity/contract/enums';

/**
 * A destination address of the organization on one chain: the Withdrawal's `wallet_id`. Addresses
 * are stored in their canonical form (EVM: EIP-55 checksum case) so the unique key cannot be
 * bypassed by changing letter case.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    orgId: orgId(),
    chainId: chainRef(),
    address: text().notNull(),
    label: text(),
    /**
     * End of the cooling-off period: withdrawals to the address are refused before it (24 h after it was added in
     * production, at once in the sandbox), so a compromised account cannot add an address and drain to it at once.
     */
    usableFrom: timestampMs('usable_from').notNull().defaultNow(),
    /** Removed from the address book; kept because withdrawals reference it. */
    removedAt: timestampMs('removed_at'),
    /**
     * Added under `wallets_require_approval`: not usable until a second person approves it; the cooling-off period
     * starts at the approval (`usable_from` is set then).
     */
    pendingApproval: boolean().notNull().default(false),
    /** Who added it (one of the two; both null for wallets added before this was recorded, or by the seed). */
    addedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    addedByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'restrict' }),
    approvedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestampMs('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live entry per address; a removed address may be added again (and cools off again).
    uniqueIndex('wallets_org_chain_address_key')
      .on(t.orgId, t.chainId, t.address)
      .where(sql`${t.removedAt} is null`),
    // Target of the withdrawal keys: a withdrawal's wallet is the organization's and on the withdrawal's chain.
    unique('wallets_org_chain_id_key').on(t.orgId, t.chainId, t.id),
    index('wallets_org_created_idx').on(t.orgId, t.createdAt, t.id),
    check('wallets_address_present', sql`btrim(${t.address}) <> ''`),
    check('wallets_usable_after_created', sql`${t.usableFrom} >= ${t.createdAt}`),
    check(
      'wallets_approved_together',
      sql`(${t.approvedByUserId} is null) = (${t.approvedAt} is null) and not (${t.pendingApproval} and ${t.approvedAt} is not null)`,
    ),
  ],
);

/** The client's instruction to move USDT out; the amount is held in the ledger when it is accepted. */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: id(),
    orgId: orgId(),
    chainId: uuid().notNull(),
    walletId: uuid().notNull(),
    /** USDT, up to 6 decimals. */
    amount: amount('amount').notNull(),
    status: text().$type<WithdrawalRequestStatus>().notNull().default('pending'),
    rejectionReason: text(),
    /**
     * The request's Idempotency-Key, kept here too: with the unique key below, two executions for one
     * key are impossible even if the idempotency layer were bypassed.
     */
    idempotencyKey: text(),
    requestedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** References api_keys.id (FK added with that table). */
    requestedByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'restrict' }),
    /** The ledger transaction that held the amount; references ledger_transactions.id. */
    holdTransactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** The second person who approved it under `withdrawals_require_approval` (always a signed-in user). */
    approvedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestampMs('approved_at'),
    /** The signed-in user who rejected it while it waited for approval (the requester cancelling, or an approver). */
    rejectedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'withdrawal_requests_wallet_fk',
      columns: [t.orgId, t.chainId, t.walletId],
      foreignColumns: [wallets.orgId, wallets.chainId, wallets.id],
    }).onDelete('restrict'),
    unique('withdrawal_requests_org_id_key').on(t.orgId, t.id),
    uniqueIndex('withdrawal_requests_org_idempotency_key')
      .on(t.orgId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('withdrawal_requests_org_created_idx').on(t.orgId, t.createdAt, t.id),
    oneOf('withdrawal_requests_status_valid', t.status, WITHDRAWAL_REQUEST_STATUSES),
    check('withdrawal_requests_amount_positive', sql`${t.amount} > 0`),
    check(
      'withdrawal_requests_reason_iff_rejected',
      sql`(${t.rejectionReason} is not null) = (${t.status} = 'rejected')`,
    ),
    check(
      'withdrawal_requests_approved_together',
      sql`(${t.approvedByUserId} is null) = (${t.approvedAt} is null)`,
    ),
    check(
      'withdrawal_requests_one_requester',
      sql`num_nonnulls(${t.requestedByUserId}, ${t.requestedByApiKeyId}) = 1`,
    ),
  ],
);

const subStatusPairs = sql.raw(
  Object.entries(WITHDRAWAL_SUB_STATUSES_BY_STATUS)
    .flatMap(([status, subs]) => subs.map((sub) => `('${status}', '${sub}')`))
    .join(', '),
);

/** The spec's Withdrawal; `org_name` on the wire comes from organizations. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    orgId: orgId(),
    withdrawalRequestId: uuid().notNull(),
    /**
     * Position in the organization's withdrawals: 1, 2, 3… in the order they were accepted (assigned under the
     * organization's funding lock, with created_at taken under the same lock, so it follows created_at). The list's
     * newest-first order, and what lets a deep page seek instead of skipping rows.
     */
    seq: bigint({ mode: 'number' }).notNull(),
    chainId: uuid().notNull(),
    walletId: uuid().notNull(),
    /** USDT, up to 6 decimals. */
    amount: amount('amount').notNull(),
    /** The wallet's address when the withdrawal was made, so a later wallet edit cannot rewrite history. */
    walletAddress: text().notNull(),
    transactionHash: text(),
    /** The custody provider's identifier of the withdrawal (wire name per the spec). */
    custodyTransactionId: text(),
    /**
     * EVM custody: the chain head when the recorded transaction, once in a block, was found gone (a reorganisation);
     * null while it is in a block. Not mined again within CUSTODY_CONFIRMATIONS blocks of it: needs_review.
     */
    transactionDroppedAtBlock: bigint({ mode: 'bigint' }),
    status: text().$type<WithdrawalStatus>().notNull().default('SUBMITTED'),
    subStatus: text().$type<WithdrawalSubStatus>().notNull().default('awaiting_approval'),
    /** Displayable; present exactly when status is FAILED. */
    failureReason: text(),
    /**
     * The ledger transaction that settled the hold: sent out (COMPLETED) or released back to
     * available (FAILED); references ledger_transactions.id.
     */
    outcomeTransactionId: uuid().references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'withdrawals_request_fk',
      columns: [t.orgId, t.withdrawalRequestId],
      foreignColumns: [withdrawalRequests.orgId, withdrawalRequests.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'withdrawals_wallet_fk',
      columns: [t.orgId, t.chainId, t.walletId],
      foreignColumns: [wallets.orgId, wallets.chainId, wallets.id],
    }).onDelete('restrict'),
    uniqueIndex('withdrawals_request_key').on(t.withdrawalRequestId),
    // The list pages newest first by `seq` (1,000,000 rows over 100 organizations): the unique key serves the
    // unfiltered list and the next seq; the other two serve the status and chain filters.
    uniqueIndex('withdrawals_org_seq_key').on(t.orgId, t.seq),
    index('withdrawals_org_status_seq_idx').on(t.orgId, t.status, t.seq),
    index('withdrawals_org_chain_seq_idx').on(t.orgId, t.chainId, t.seq),
    check('withdrawals_seq_positive', sql`${t.seq} > 0`),
    // Custody callbacks and polling find in-flight withdrawals without scanning finished ones.
    uniqueIndex('withdrawals_custody_transaction_key')
      .on(t.custodyTransactionId)
      .where(sql`${t.custodyTransactionId} is not null`),
    index('withdrawals_in_flight_idx').on(t.updatedAt).where(sql`${t.status} in ('SUBMITTED', 'PROCESSING')`),
    oneOf('withdrawals_status_valid', t.status, WITHDRAWAL_STATUSES),
    check('withdrawals_sub_status_matches_status', sql`(${t.status}, ${t.subStatus}) in (${subStatusPairs})`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check(
      'withdrawals_failure_reason_iff_failed',
      sql`(${t.failureReason} is not null) = (${t.status} = 'FAILED')`,
    ),
    check(
      'withdrawals_completed_has_transaction',
      sql`${t.status} <> 'COMPLETED' or (${t.transactionHash} is not null and ${t.custodyTransactionId} is not null)`,
    ),
    check(
      'withdrawals_outcome_iff_final',
      sql`(${t.outcomeTransactionId} is not null) = (${t.status} in ('COMPLETED', 'FAILED'))`,
    ),
  ],
);

/**
 * How many withdrawals an organization has per chain and status, kept by statement-level triggers on withdrawals
 * (migration `liquidity_counts`) in the same transaction as every insert and status change, so the list's
 * `meta.total` is a sum over at most (chains × statuses) rows instead of a count over the organization's rows.
 */
export const withdrawalCounts = pgTable(
  'withdrawal_counts',
  {
    orgId: orgId(),
    chainId: chainRef(),
    status: text().$type<WithdrawalStatus>().notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.chainId, t.status] }),
    check('withdrawal_counts_non_negative', sql`${t.count} >= 0`),
  ],
);

/** Rows of `seq` per block in withdrawal_block_counts: a deep page skips whole blocks, then under one block of rows. */
export const WITHDRAWAL_SEQ_BLOCK = 1024;

/**
 * The same counts per block of 1,024 consecutive `seq` values, kept by the same triggers: summing them newest block
 * first finds the block a page starts in, so a page at any offset reads at most one block of index entries.
 */
export const withdrawalBlockCounts = pgTable(
  'withdrawal_block_counts',
  {
    orgId: orgId(),
    chainId: chainRef(),
    status: text().$type<WithdrawalStatus>().notNull(),
    block: bigint({ mode: 'number' }).notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.status, t.chainId, t.block] }),
    check('withdrawal_block_counts_non_negative', sql`${t.count} >= 0`),
  ],
);

/** A liquidity loan extended to the organization; created by staff (or the seed). */
export const loans = pgTable(
  'loans',
  {
    id: id(),
    orgId: orgId(),
    principal: amount('principal').notNull(),
    currency: text().notNull().default('USDT'),
    /** Annual rate as a percentage (8.5 = 8.5 % a year). */
    interestRatePercent: rate('interest_rate_percent').notNull(),
    drawnAmount: amount('drawn_amount').notNull().default('0'),
    /** Sum of the loan's repayments (principal and interest), kept in the same transaction as each one. */
    repaidAmount: amount('repaid_amount').notNull().default('0'),
    status: text().$type<LoanStatus>().notNull().default('PENDING'),
    startsOn: date({ mode: 'string' }).notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('loans_org_id_key').on(t.orgId, t.id),
    index('loans_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('loans_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    oneOf('loans_status_valid', t.status, LOAN_STATUSES),
    check('loans_currency_format', isoCurrency(t.currency)),
    check('loans_principal_positive', sql`${t.principal} > 0`),
    check('loans_interest_non_negative', sql`${t.interestRatePercent} >= 0`),
    check('loans_drawn_within_principal', sql`${t.drawnAmount} >= 0 and ${t.drawnAmount} <= ${t.principal}`),
    check('loans_repaid_non_negative', sql`${t.repaidAmount} >= 0`),
    check('loans_due_after_start', sql`${t.dueOn} > ${t.startsOn}`),
  ],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: id(),
    orgId: orgId(),
    loanId: uuid().notNull(),
    /** In the loan's currency. */
    amount: amount('amount').notNull(),
    paidAt: timestampMs('paid_at').notNull(),
    /** Bank or chain reference of the repayment, for reconciliation. */
    reference: text(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'loan_repayments_loan_fk',
      columns: [t.orgId, t.loanId],
      foreignColumns: [loans.orgId, loans.id],
    }).onDelete('restrict'),
    index('loan_repayments_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('loan_repayments_org_loan_created_idx').on(t.orgId, t.loanId, t.createdAt, t.id),
    check('loan_repayments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** How the organization's liquidity is settled: a corridor, the chain it moves on, and the counterparty. */
export const settlementRoutes = pgTable(
  'settlement_routes',
  {
    id: id(),
    orgId: orgId(),
    name: text().notNull(),
    corridorId: uuid()
      .notNull()
      .references(() => corridors.id, { onDelete: 'restrict' }),
    chainId: chainRef(),
    counterparty: text().notNull(),
    status: text().$type<SettlementRouteStatus>().notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('settlement_routes_org_id_key').on(t.orgId, t.id),
    index('settlement_routes_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('settlement_routes_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    oneOf('settlement_routes_status_valid', t.status, SETTLEMENT_ROUTE_STATUSES),
    check('settlement_routes_name_present', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * A proof-of-settlement document of a route. The spec's file_name, mime_type, file_size and
 * hash_sha256 are read from the file; `url` is built from APP_BASE_URL and the file id.
 */
export const settlementProofs = pgTable(
  'settlement_proofs',
  {
    id: id(),
    orgId: orgId(),
    routeId: uuid().notNull(),
    fileId: uuid().notNull(),
    /** When the settlement the document proves took place (not when it was uploaded). */
    recordedAt: timestampMs('recorded_at').notNull(),
    /** The payout batch whose funds this settlement moved, when staff name one: its page links the proof. */
    batchId: uuid(),
    /** The on-chain settlement transaction, when there is one: shown with the proof. */
    transactionHash: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'settlement_proofs_batch_fk',
      columns: [t.orgId, t.batchId],
      foreignColumns: [payoutBatches.orgId, payoutBatches.id],
    }).onDelete('restrict'),
    index('settlement_proofs_batch_idx').on(t.batchId, t.recordedAt).where(sql`${t.batchId} is not null`),
    check('settlement_proofs_transaction_hash_present', sql`btrim(${t.transactionHash}) <> ''`),
    foreignKey({
      name: 'settlement_proofs_route_fk',
      columns: [t.orgId, t.routeId],
      foreignColumns: [settlementRoutes.orgId, settlementRoutes.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'settlement_proofs_file_fk',
      columns: [t.orgId, t.fileId],
      foreignColumns: [files.orgId, files.id],
    }).onDelete('restrict'),
    uniqueIndex('settlement_proofs_file_key').on(t.fileId),
    index('settlement_proofs_route_recorded_idx').on(t.routeId, t.recordedAt, t.id),
    index('settlement_proofs_org_created_idx').on(t.orgId, t.createdAt, t.id),
  ],
);

/** A record of liquidity the organization utilised; staff (or the seed) record them. */
export const utilizationProofs = pgTable(
  'utilization_proofs',
  {
    id: id(),
    orgId: orgId(),
    /** The route the liquidity was used on, when known. */
    routeId: uuid(),
    /** A JSON number on the wire (spec), numeric here. */
    amount: amount('amount').notNull(),
    currency: text().notNull(),
    /** Staff note or external reference. */
    reference: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'utilization_proofs_route_fk',
      columns: [t.orgId, t.routeId],
      foreignColumns: [settlementRoutes.orgId, settlementRoutes.id],
    }).onDelete('restrict'),
    index('utilization_proofs_org_created_idx').on(t.orgId, t.createdAt, t.id),
    check('utilization_proofs_amount_positive', sql`${t.amount} > 0`),
    check('utilization_proofs_currency_format', isoCurrency(t.currency)),
  ],
);
