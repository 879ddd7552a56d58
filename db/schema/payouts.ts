// Owns payout batches, their orders, each order's quote snapshot, the proof files attached to orders, and each
// organization's approval policy (maker-checker), which payouts' service keeps for batches, withdrawals and wallets.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BATCH_SOURCES, type BatchSource } from '@/lib/approvals/contract/enums';
import {
  BATCH_STATUSES,
  type BatchStatus,
  FEE_TYPES,
  type FeeType,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_FILE_FORMATS,
  PAYMENT_FILE_STATUSES,
  PAYMENT_REPORT_FORMATS,
  type PaymentFileFormat,
  type PaymentFileStatus,
  type PaymentReportFormat,
  PURPOSE_CODES,
  type PurposeCode,
} from '@/lib/payouts/contract/enums';
import { amount, createdAt, id, oneOf, rate, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { apiKeys } from './identity/api-keys';
import { users } from './identity/users';
import { ledgerTransactions } from './ledger';
import { files } from './platform/files';
import { corridors, fxRates } from './pricing';
import { beneficiaryProfiles } from './profiles';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export {
  BATCH_STATUSES,
  type BatchStatus,
  FAILED_ORDER_STATUSES,
  FEE_TYPES,
  type FeeType,
  ORDER_STATUSES,
  type OrderStatus,
  PURPOSE_CODES,
  type PurposeCode,
  TERMINAL_ORDER_STATUSES,
} from '@/lib/payouts/contract/enums';

/**
 * What the payout rail needs about the two parties, copied onto the order when it is quoted and
 * again at confirmation: a beneficiary whose bank details change later goes back to review, but a
 * confirmed order pays exactly what was confirmed.
 */
export const orderPartiesSnapshotSchema = z.object({
  sender: z.object({
    legalName: z.string(),
    type: z.enum(['company', 'individual']),
    country: z.string(),
    registrationNumber: z.string().nullable(),
  }),
  beneficiary: z.object({
    name: z.string(),
    type: z.enum(['company', 'individual']),
    country: z.string(),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    region: z.string().nullable(),
    bankName: z.string().nullable(),
    bankCountry: z.string().nullable(),
    /** Ciphertext (lib/platform/crypto), copied from the profile: the snapshot never holds bank details in clear. */
    ibanEncrypted: z.string().nullable(),
    ibanLast4: z.string().nullable(),
    swiftBic: z.string().nullable(),
    accountNumberEncrypted: z.string().nullable(),
    accountNumberLast4: z.string().nullable(),
    routingCode: z.string().nullable(),
    routingCodeType: z.string().nullable(),
  }),
});
export type OrderPartiesSnapshot = z.infer<typeof orderPartiesSnapshotSchema>;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    orgId: orgId(),
    /**
     * Cached value of the status derived from the orders (DESIGN "Batch status"); written only in the
     * same transaction as the order changes it follows, together with the counts below.
     */
    status: text().$type<BatchStatus>().notNull().default('AWAITING_CONFIRMATION'),
    totalCount: integer().notNull(),
    completedCount: integer().notNull().default(0),
    /** FAILED and CANCELLED_EXPIRED orders. */
    failedCount: integer().notNull().default(0),
    /** The caller's own reference; not unique (idempotency keys deduplicate, not references). */
    clientReference: text(),
    /** Sum of the orders' source_amount in USDT: what confirmation holds. */
    totalSourceAmount: amount('total_source_amount').notNull(),
    /** Of the total, what reached beneficiaries (COMPLETED orders); kept with the counts. */
    paidSourceAmount: amount('paid_source_amount').notNull().default('0'),
    /**
     * Of the total, what went back to the available balance (FAILED orders, and orders cancelled or expired after
     * confirmation); zero for a batch never confirmed, since nothing was held for it.
     */
    releasedSourceAmount: amount('released_source_amount').notNull().default('0'),
    /** Every order of a batch is quoted together; confirming after this is refused (409, re-quote). */
    quoteExpiresAt: timestampMs('quote_expires_at').notNull(),
    /** An unconfirmed batch expires whole at this time (its orders become CANCELLED_EXPIRED). */
    draftExpiresAt: timestampMs('draft_expires_at').notNull(),
    /** Exactly one of user / API key created it. */
    createdByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'restrict' }),
    confirmedAt: timestampMs('confirmed_at'),
    confirmedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    confirmedByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'restrict' }),
    /** The ledger transaction that held the batch total at confirmation; references ledger_transactions.id. */
    holdTransactionId: uuid().references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** The CSV the batch was imported from, kept as an audit record (a `batch_source` file of the same organization). */
    sourceFileId: uuid(),
    /**
     * Hex SHA-256 of what an approver reviews (DESIGN "What an approval binds"; the canonical text is the SQL function
     * payout_review_canonical), rewritten in the transaction that changes any of its inputs and kept after confirm.
     */
    reviewDigest: text().notNull(),
    /** When a change of a party's identity or bank details last altered this draft's digest; null if never. */
    reviewOutdatedAt: timestampMs('review_outdated_at'),
    /**
     * What an approval binds (DESIGN "Approvals"): the review digest's orders without the quote (no quote expiry, fee or
     * USDT amounts), so a multi-stage approval outlasts a 30-minute quote; rewritten with the review digest.
     */
    approvalDigest: text(),
    /** Where the batch came from: the portal's form or CSV import, or the API (keys are always `api`). */
    source: text().$type<BatchSource>().notNull().default('api'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Target of payout_orders' key, so an order can never sit in another organization's batch.
    unique('payout_batches_org_id_key').on(t.orgId, t.id),
    foreignKey({
      name: 'payout_batches_source_file_fk',
      columns: [t.orgId, t.sourceFileId],
      foreignColumns: [files.orgId, files.id],
    }).onDelete('restrict'),
    index('payout_batches_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('payout_batches_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    index('payout_batches_org_client_reference_idx')
      .on(t.orgId, t.clientReference)
      .where(sql`${t.clientReference} is not null`),
    // The draft-expiry job finds unconfirmed batches past their validity.
    index('payout_batches_draft_expiry_idx')
      .on(t.draftExpiresAt)
      .where(sql`${t.status} = 'AWAITING_CONFIRMATION'`),
    oneOf('payout_batches_status_valid', t.status, BATCH_STATUSES),
    oneOf('payout_batches_source_valid', t.source, BATCH_SOURCES),
    check('payout_batches_total_source_positive', sql`${t.totalSourceAmount} > 0`),
    check(
      'payout_batches_counts_valid',
      sql`${t.totalCount} >= 1 and ${t.completedCount} >= 0 and ${t.failedCount} >= 0
        and ${t.completedCount} + ${t.failedCount} <= ${t.totalCount}`,
    ),
    check(
      'payout_batches_funds_within_total',
      sql`${t.paidSourceAmount} >= 0 and ${t.releasedSourceAmount} >= 0
        and ${t.paidSourceAmount} + ${t.releasedSourceAmount} <= ${t.totalSourceAmount}`,
    ),
    check('payout_batches_one_creator', sql`num_nonnulls(${t.createdByUserId}, ${t.createdByApiKeyId}) = 1`),
    check(
      'payout_batches_confirmer_iff_confirmed',
      sql`num_nonnulls(${t.confirmedByUserId}, ${t.confirmedByApiKeyId}) = (case when ${t.confirmedAt} is null then 0 else 1 end)`,
    ),
    check(
      'payout_batches_hold_iff_confirmed',
      sql`(${t.holdTransactionId} is null) = (${t.confirmedAt} is null)`,
    ),
    check('payout_batches_review_digest_format', sql`${t.reviewDigest} ~ '^[0-9a-f]{64}$'`),
    check('payout_batches_quote_before_draft_expiry', sql`${t.quoteExpiresAt} <= ${t.draftExpiresAt}`),
    // The cached status agrees with the counts and the confirmation (DESIGN "Batch status").
    check(
      'payout_batches_status_matches_counts',
      sql`case ${t.status}
        when 'AWAITING_CONFIRMATION' then ${t.confirmedAt} is null and ${t.completedCount} = 0 and ${t.failedCount} = 0
        when 'CANCELLED_EXPIRED' then ${t.confirmedAt} is null and ${t.completedCount} = 0 and ${t.failedCount} = ${t.totalCount}
        when 'IN_PROGRESS' then ${t.confirmedAt} is not null and ${t.completedCount} + ${t.failedCount} < ${t.totalCount}
        when 'COMPLETED' then ${t.confirmedAt} is not null and ${t.completedCount} = ${t.totalCount}
        when 'PARTIALLY_COMPLETED' then ${t.confirmedAt} is not null and ${t.completedCount} > 0 and ${t.failedCount} > 0
          and ${t.completedCount} + ${t.failedCount} = ${t.totalCount}
        when 'FAILED' then ${t.confirmedAt} is not null and ${t.completedCount} = 0 and ${t.failedCount} = ${t.totalCount}
        else false end`,
    ),
  ],
);

/**
 * The provider's own bank accounts the payouts desk pays from (created by a support lead). At most one active account
 * per currency: an order marked sent is paid from its currency's active account.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    name: text().notNull(),
    /** IBAN or local account number (the provider's own account, not client data). */
    accountNumber: text().notNull(),
    bic: text().notNull(),
    currency: text().notNull(),
    active: boolean().notNull().default(true),
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_active_currency_key').on(t.currency).where(sql`${t.active}`),
    check('payout_accounts_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payout_accounts_bic_format', sql`${t.bic} ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'`),
  ],
);

export const payoutOrders = pgTable(
  'payout_orders',
  {
    id: id(),
    batchId: uuid().notNull(),
    /** Denormalised from the batch so every read is scoped by organization without a join. */
    orgId: orgId(),
    /** 1-based position of the order in the createBatch request; orders list in this order. */
    lineNumber: integer().notNull(),
    senderProfileId: uuid().notNull(),
    beneficiaryProfileId: uuid().notNull(),
    feeType: text().$type<FeeType>().notNull(),
    purposeCode: text().$type<PurposeCode>().notNull(),
    /** What the beneficiary receives, in beneficiary_currency at its minor units. */
    beneficiaryAmount: amount('beneficiary_amount').notNull(),
    beneficiaryCurrency: text().notNull(),
    /** The part of the wire fee the client funds, in beneficiary_currency (DESIGN "Fees"). */
    feeAmount: amount('fee_amount'),
    sourceCurrency: text().notNull().default('USDT'),
    /** USDT to fund, rounded up to 2 decimals; includes the fee share and the margin. */
    sourceAmount: amount('source_amount'),
    status: text().$type<OrderStatus>().notNull().default('DRAFT'),
    /** Safe to display; present exactly when status is FAILED. */
    failureMessage: text(),
    /** The funding deadline, set on confirmation (AWAITING_DEPOSIT). */
    expiresAt: timestampMs('expires_at'),
    clientReference: text(),
    /** The sandbox (or real) payout rail's reference for the payment, once it is sent. */
    railReference: text(),
    /** UETR-style payment reference (a UUID) given when the payment leaves; on the Order and the receipt. */
    trackingReference: uuid(),
    /** The bank's own reference for the executed payment, recorded with its outcome at the payouts desk. */
    bankReference: text(),
    /** Who marked the order sent at the payouts desk (someone else records its outcome: four eyes). */
    sentByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** The provider's account the desk paid the order from. */
    payoutAccountId: uuid().references(() => payoutAccounts.id, { onDelete: 'restrict' }),
    parties: jsonb().$type<OrderPartiesSnapshot>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'payout_orders_batch_fk',
      columns: [t.orgId, t.batchId],
      foreignColumns: [payoutBatches.orgId, payoutBatches.id],
    }).onDelete('restrict'),
    // One key enforces both rules of createBatch: same organization, and the beneficiary's own sender.
    foreignKey({
      name: 'payout_orders_beneficiary_fk',
      columns: [t.orgId, t.senderProfileId, t.beneficiaryProfileId],
      foreignColumns: [
        beneficiaryProfiles.orgId,
        beneficiaryProfiles.senderProfileId,
        beneficiaryProfiles.id,
      ],
    }).onDelete('restrict'),
    // Target of order_files' key, which keeps an order's files to the order's own sender.
    unique('payout_orders_org_sender_id_key').on(t.orgId, t.senderProfileId, t.id),
    uniqueIndex('payout_orders_batch_line_key').on(t.batchId, t.lineNumber),
    index('payout_orders_org_created_idx').on(t.orgId, t.createdAt, t.id),
    // Also serves plain (org_id, status) lookups such as counts per status.
    index('payout_orders_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    // The expiry job: unfunded orders by deadline, across organizations; stays small.
    index('payout_orders_awaiting_deposit_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'AWAITING_DEPOSIT'`),
    // A profile change finds the drafts whose review digest it alters (DESIGN "What an approval binds").
    index('payout_orders_draft_sender_idx').on(t.senderProfileId).where(sql`${t.status} = 'DRAFT'`),
    index('payout_orders_draft_beneficiary_idx').on(t.beneficiaryProfileId).where(sql`${t.status} = 'DRAFT'`),
    uniqueIndex('payout_orders_tracking_reference_key')
      .on(t.trackingReference)
      .where(sql`${t.trackingReference} is not null`),
    uniqueIndex('payout_orders_rail_reference_key')
      .on(t.railReference)
      .where(sql`${t.railReference} is not null`),
    oneOf('payout_orders_status_valid', t.status, ORDER_STATUSES),
    oneOf('payout_orders_fee_type_valid', t.feeType, FEE_TYPES),
    oneOf('payout_orders_purpose_code_valid', t.purposeCode, PURPOSE_CODES),
    check('payout_orders_line_number_positive', sql`${t.lineNumber} >= 1`),
    check('payout_orders_source_currency_usdt', sql`${t.sourceCurrency} = 'USDT'`),
    check('payout_orders_beneficiary_currency_format', sql`${t.beneficiaryCurrency} ~ '^[A-Z]{3}$'`),
    check('payout_orders_beneficiary_amount_positive', sql`${t.beneficiaryAmount} > 0`),
    check('payout_orders_fee_amount_non_negative', sql`${t.feeAmount} >= 0`),
    check('payout_orders_source_amount_positive', sql`${t.sourceAmount} > 0`),
    check('payout_orders_quoted_together', sql`(${t.feeAmount} is null) = (${t.sourceAmount} is null)`),
    // Money can only be held for an order whose amount is known.
    check(
      'payout_orders_confirmed_is_quoted',
      sql`${t.status} in ('DRAFT', 'CANCELLED_EXPIRED') or ${t.sourceAmount} is not null`,
    ),
    check(
      'payout_orders_failure_message_iff_failed',
      sql`(${t.failureMessage} is not null) = (${t.status} = 'FAILED')`,
    ),
    check('payout_orders_draft_has_no_deadline', sql`${t.status} <> 'DRAFT' or ${t.expiresAt} is null`),
    check(
      'payout_orders_confirmed_has_deadline',
      sql`${t.status} not in (${inList(['AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY', 'COMPLETED'])})
        or ${t.expiresAt} is not null`,
    ),
  ],
);

/**
 * The quote behind each order's amounts, for staff and reconciliation only: never on the wire and
 * never on a client page (it reveals the rate and the margin). One row per order, replaced when the
 * order is re-quoted; earlier quotes live in the events.
 */
export const orderQuotes = pgTable(
  'order_quotes',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => payoutOrders.id, { onDelete: 'restrict' }),
    corridorId: uuid()
      .notNull()
      .references(() => corridors.id, { onDelete: 'restrict' }),
    fxRateId: uuid()
      .notNull()
      .references(() => fxRates.id, { onDelete: 'restrict' }),
    /** Copied from the rate row, so the snapshot reads without a join: units of currency per 1 USDT. */
    unitsPerUsdt: rate('units_per_usdt').notNull(),
    marginBps: numeric('margin_bps', { precision: 10, scale: 4 }).notNull(),
    /** Whole wire fee for the order's fee_type, in the beneficiary currency. */
    feeTotal: amount('fee_total').notNull(),
    /** = the order's fee_amount. */
    feeClientShare: amount('fee_client_share').notNull(),
    /** SHA only: deducted on the receiving side; zero for OUR. */
    feeBeneficiaryShare: amount('fee_beneficiary_share').notNull(),
    /** Exact USDT before rounding up to 2 decimals (more scale than amounts, for reconciliation). */
    sourceAmountBeforeRounding: rate('source_amount_before_rounding').notNull(),
    quotedAt: timestampMs('quoted_at').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
  },
  (t) => [
    index('order_quotes_corridor_idx').on(t.corridorId),
    check('order_quotes_rate_positive', sql`${t.unitsPerUsdt} > 0`),
    check('order_quotes_margin_range', sql`${t.marginBps} >= 0 and ${t.marginBps} < 10000`),
    check(
      'order_quotes_fee_parts_valid',
      sql`${t.feeClientShare} >= 0 and ${t.feeBeneficiaryShare} >= 0
        and ${t.feeClientShare} + ${t.feeBeneficiaryShare} = ${t.feeTotal}`,
    ),
    check('order_quotes_source_positive', sql`${t.sourceAmountBeforeRounding} > 0`),
    check('order_quotes_expires_after_quoted', sql`${t.expiresAt} > ${t.quotedAt}`),
  ],
);

/**
 * Proof documents attached to an order (the request's `file_ids`; not echoed on the order). Carrying
 * org and sender lets two composite keys guarantee the file was uploaded against the order's sender.
 */
export const orderFiles = pgTable(
  'order_files',
  {
    orderId: uuid().notNull(),
    fileId: uuid().notNull(),
    orgId: orgId(),
    senderProfileId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'order_files_pkey', columns: [t.orderId, t.fileId] }),
    foreignKey({
      name: 'order_files_order_fk',
      columns: [t.orgId, t.senderProfileId, t.orderId],
      foreignColumns: [payoutOrders.orgId, payoutOrders.senderProfileId, payoutOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_files_file_fk',
      columns: [t.orgId, t.senderProfileId, t.fileId],
      foreignColumns: [files.orgId, files.senderProfileId, files.id],
    }).onDelete('restrict'),
    index('order_files_file_idx').on(t.fileId),
  ],
);

/**
 * Every review digest a batch has had, with the canonical text it was computed over: a confirm that carries an older
 * digest is answered with what changed since (DESIGN "What an approval binds"). Kept as the record of what each
 * digest meant, so an approval can always be traced to the exact amounts and party versions it bound.
 */
export const batchReviews = pgTable(
  'batch_reviews',
  {
    batchId: uuid().notNull(),
    orgId: orgId(),
    digest: text().notNull(),
    /** The canonical JSON text (payout_review_canonical) whose SHA-256 is `digest`. */
    canonical: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'batch_reviews_pkey', columns: [t.batchId, t.digest] }),
    foreignKey({
      name: 'batch_reviews_batch_fk',
      columns: [t.orgId, t.batchId],
      foreignColumns: [payoutBatches.orgId, payoutBatches.id],
    }).onDelete('cascade'),
    check('batch_reviews_digest_format', sql`${t.digest} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The makers of a batch (DESIGN "Makers"): its creator, everyone who re-quoted it, and everyone who changed the
 * identity or bank details of a party it pays while it was a draft — one row per user or API key, written in the
 * transaction of what made them a maker. Under the approval policy no maker (as a person: a key counts as the user
 * who created it) may confirm the batch. No `id` column on purpose: the Batch's `makers` subquery (lib/payouts/server/rows.ts)
 * names the batch's own `id` unqualified.
 */
export const batchMakers = pgTable(
  'batch_makers',
  {
    batchId: uuid().notNull(),
    orgId: orgId(),
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'restrict' }),
    /** When this user or key first made the batch (the organization's clock); the wire lists makers in this order. */
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'batch_makers_batch_fk',
      columns: [t.orgId, t.batchId],
      foreignColumns: [payoutBatches.orgId, payoutBatches.id],
    }).onDelete('cascade'),
    // Whole (not partial) indexes, so the Batch's `makers` subquery finds a batch's rows by their leading column; NULLs
    // are distinct, so key rows never collide in the user index, nor user rows in the key index.
    uniqueIndex('batch_makers_user_key').on(t.batchId, t.userId),
    uniqueIndex('batch_makers_api_key_key').on(t.batchId, t.apiKeyId),
    check('batch_makers_one_actor', sql`num_nonnulls(${t.userId}, ${t.apiKeyId}) = 1`),
  ],
);

/**
 * The payment files the payouts desk builds for its bank (pain.001.001.09 or CSV): one currency, one payout account
 * (the debtor), kept byte for byte with its SHA-256 and who built, sent or cancelled it.
 */
export const paymentFiles = pgTable(
  'payment_files',
  {
    id: id(),
    format: text().$type<PaymentFileFormat>().notNull(),
    status: text().$type<PaymentFileStatus>().notNull().default('built'),
    currency: text().notNull(),
    payoutAccountId: uuid()
      .notNull()
      .references(() => payoutAccounts.id, { onDelete: 'restrict' }),
    transactionCount: integer().notNull(),
    /** The sum of the file's amounts in the currency (the GrpHdr CtrlSum). */
    controlSum: amount('control_sum').notNull(),
    content: text().notNull(),
    sha256: text().notNull(),
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sentByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    sentAt: timestampMs('sent_at'),
    cancelledByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    cancelledAt: timestampMs('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('payment_files_format_valid', t.format, PAYMENT_FILE_FORMATS),
    oneOf('payment_files_status_valid', t.status, PAYMENT_FILE_STATUSES),
    index('payment_files_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The orders a payment file pays, each with the UETR its transaction carries (generated when the file is built, so
 * the file downloaded before it is marked sent is the file sent). The primary key keeps an order once per file; the
 * partial unique index keeps it in at most one file that is not cancelled (built or sent), whatever races.
 */
export const paymentFileOrders = pgTable(
  'payment_file_orders',
  {
    fileId: uuid()
      .notNull()
      .references(() => paymentFiles.id, { onDelete: 'restrict' }),
    orderId: uuid()
      .notNull()
      .references(() => payoutOrders.id, { onDelete: 'restrict' }),
    orgId: orgId(),
    /** The transaction's PmtId/UETR; the order's tracking_reference once the file is marked sent. */
    uetr: uuid().notNull(),
    /** The file's payment group (PmtInfId = file id + this number). */
    groupNumber: integer().notNull(),
    amount: amount('amount').notNull(),
    /** Set when the file is cancelled: the order may go into another file. */
    released: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'payment_file_orders_pkey', columns: [t.fileId, t.orderId] }),
    uniqueIndex('payment_file_orders_open_order_key').on(t.orderId).where(sql`not ${t.released}`),
    uniqueIndex('payment_file_orders_uetr_key').on(t.uetr),
    index('payment_file_orders_org_idx').on(t.orgId),
  ],
);

/**
 * The reports the bank sent back (pain.002, camt.054, CSV), kept with their SHA-256 (unique: the same report twice
 * is applied once), who uploaded them, and what each entry did.
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: id(),
    format: text().$type<PaymentReportFormat>().notNull(),
    /** The payment file the report answers, when it names one (pain.002's OrgnlMsgId). */
    fileId: uuid().references(() => paymentFiles.id, { onDelete: 'restrict' }),
    filename: text().notNull(),
    content: text().notNull(),
    sha256: text().notNull(),
    uploadedByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    result: jsonb().$type<PaymentReportResult>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_reports_sha256_key').on(t.sha256),
    oneOf('payment_reports_format_valid', t.format, PAYMENT_REPORT_FORMATS),
  ],
);

/** What applying a report did, entry by entry (shown to the operator; nothing is guessed). */
export interface PaymentReportResult {
  applied: { order_id: string; status: string; outcome: 'COMPLETED' | 'FAILED' }[];
  recorded: { order_id: string; status: string }[];
  already_final: { order_id: string; status: string; order_status: string }[];
  unmatched: { reference: string; status: string; reason: string }[];
}
