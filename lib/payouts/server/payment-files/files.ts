// Owns the payouts desk's payment files: building one from orders to pay (pain.001.001.09 for IBAN payees, CSV
// otherwise), listing, downloading, marking it sent (its orders → PAYING_BENEFICIARY with the UETRs the file already
// carries) and cancelling it before it is sent. An order is in at most one file that is not cancelled: a unique index
// (payment_file_orders_open_order_key), so two operators building at once get a 409, never a double payment.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { paymentFileOrders, paymentFiles, payoutOrders } from '@/db/schema/payouts';
import type { buildPaymentFileBody, PaymentFileWire } from '@/lib/payouts/contract/payment-file-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { decryptSecret } from '@/lib/platform/crypto/secrets';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { newId } from '@/lib/platform/ids';
import type { FileBody } from '@/lib/platform/operations/operation';
import { type SentAs, sendOrders } from '../desk';
import { activePayoutAccounts } from '../payout-accounts';
import { isoId } from './iso-ids';
import { writableInBankLatin } from './latin-text';
import { buildPain001 } from './pain001';
import { buildTransferCsv } from './transfer-csv';
import { chargeBearerOf, fileAmount, groupTransfers, sumOf, type Transfer } from './transfers';

type FileRow = typeof paymentFiles.$inferSelect;

const LIST_LIMIT = 50;

function filenameOf(row: Pick<FileRow, 'id' | 'format' | 'currency'>): string {
  return row.format === 'csv'
    ? `payments-${row.currency}-${isoId(row.id)}.csv`
    : `pain001-${row.currency}-${isoId(row.id)}.xml`;
}

function toWire(row: FileRow, orderIds: string[]): PaymentFileWire {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    currency: row.currency,
    payout_account_id: row.payoutAccountId,
    message_id: isoId(row.id),
    transaction_count: row.transactionCount,
    control_sum: fileAmount(row.controlSum, row.currency),
    filename: filenameOf(row),
    sha256: row.sha256,
    order_ids: orderIds,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
    sent_by_user_id: row.sentByUserId,
    sent_at: row.sentAt?.toISOString() ?? null,
    cancelled_by_user_id: row.cancelledByUserId,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

function isOpenOrderViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    if ('constraint_name' in current && current.constraint_name === 'payment_file_orders_open_order_key')
      return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

const o = payoutOrders;

/**
 * `POST /support/desk/payment-files`: one file of `DEPOSIT_RECEIVED` orders of one currency, paid from the currency's
 * active payout account (the debtor). Each transaction gets its UETR now, so the file downloaded before it is marked
 * sent is byte for byte the file sent. Answers the organizations whose payees the file holds (a staff read of each).
 */
export async function buildPaymentFile(
  executor: Executor,
  actor: StaffActor,
  body: z.output<typeof buildPaymentFileBody>,
): Promise<{ file: PaymentFileWire; orgIds: string[] }> {
  assertNotViewing(actor);
  const ids = [...new Set(body.order_ids)];
  return executor.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: o.id,
        orgId: o.orgId,
        status: o.status,
        amount: o.beneficiaryAmount,
        currency: o.beneficiaryCurrency,
        feeType: o.feeType,
        clientReference: o.clientReference,
        profileId: o.beneficiaryProfileId,
        parties: o.parties,
        createdAt: o.createdAt,
      })
      .from(o)
      .where(inArray(o.id, ids))
      .orderBy(asc(o.id))
      .for('update');
    const missing = ids.find((id) => !rows.some((row) => row.id === id));
    if (missing) throw ApiError.notFound(`Order ${missing}`);
    const notToPay = rows.find((row) => row.status !== 'DEPOSIT_RECEIVED');
    if (notToPay)
      throw new ApiError(
        'conflict',
        `order ${notToPay.id} is ${notToPay.status}: only DEPOSIT_RECEIVED orders go into a payment file`,
        { code: 'invalid_state' },
      );
    const currencies = [...new Set(rows.map((row) => row.currency))];
    if (currencies.length !== 1)
      throw ApiError.validation([
        {
          field: 'order_ids',
          code: 'invalid_value',
          message: `order_ids: a payment file pays one currency (these orders are in ${currencies.join(', ')})`,
        },
      ]);
    const currency = currencies[0]!;
    const account = (await activePayoutAccounts(tx)).get(currency);
    if (!account)
      throw new ApiError(
        'conflict',
        `no active payout account for ${currency}: a support lead adds one before a file in ${currency} is built`,
        { code: 'payout_account_missing' },
      );
    // Oldest first, as the desk lists them.
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    const transfers: Transfer[] = rows.map((row) => {
      const b = row.parties.beneficiary;
      const open = (sealed: string | null, column: string) =>
        sealed === null ? null : decryptSecret(sealed, `beneficiary_profiles:${row.profileId}:${column}`);
      const iban = open(b.ibanEncrypted, 'iban');
      return {
        orderId: row.id,
        orgId: row.orgId,
        uetr: randomUUID(),
        amount: fileAmount(row.amount, currency),
        chargeBearer: chargeBearerOf(currency, iban, row.feeType),
        creditorName: b.name,
        creditorCountry: b.country,
        creditorIban: iban,
        creditorAccountNumber: open(b.accountNumberEncrypted, 'account_number'),
        creditorBic: b.swiftBic,
        bankName: b.bankName,
        routingCode: b.routingCode,
        routingCodeType: b.routingCodeType,
        remittance: row.clientReference,
      };
    });
    const groups = groupTransfers(transfers, currency);
    const fileId = newId();
    const at = now();
    const format = transfers.every((t) => t.creditorIban) ? 'pain.001.001.09' : 'csv';
    // A bank takes names in its Latin set only: a payee whose name keeps no Latin letter is paid by hand, not as dots.
    const unwritable = transfers.filter((t) => format !== 'csv' && !writableInBankLatin(t.creditorName));
    if (unwritable.length > 0)
      throw ApiError.validation([
        {
          field: 'order_ids',
          code: 'invalid_value',
          message: `order_ids: the payee of ${unwritable.map((t) => `order ${t.orderId}`).join(', ')} has a name the bank's Latin character set cannot write; leave it out and pay it by hand`,
        },
      ]);
    const sum = sumOf(
      transfers.map((t) => t.amount),
      currency,
    );
    const debtor = { name: account.name, account: account.accountNumber, bic: account.bic };
    const content =
      format === 'csv'
        ? buildTransferCsv({ currency, debtor, groups })
        : buildPain001({
            fileId,
            createdAt: at,
            executionDate: at.toISOString().slice(0, 10),
            currency,
            debtor,
            count: transfers.length,
            sum,
            groups,
          });
    const sha256 = createHash('sha256').update(content, 'utf8').digest('hex');
    const [file] = await tx
      .insert(paymentFiles)
      .values({
        id: fileId,
        format,
        currency,
        payoutAccountId: account.id,
        transactionCount: transfers.length,
        controlSum: sum,
        content,
        sha256,
        createdByUserId: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    try {
      for (let i = 0; i < groups.length; i++)
        for (let start = 0; start < groups[i]!.transactions.length; start += 1000)
          await tx.insert(paymentFileOrders).values(
            groups[i]!.transactions.slice(start, start + 1000).map((t) => ({
              fileId,
              orderId: t.orderId,
              orgId: t.orgId,
              uetr: t.uetr,
              groupNumber: groups[i]!.number,
              amount: t.amount,
            })),
          );
    } catch (error) {
      if (isOpenOrderViolation(error))
        throw new ApiError(
          'conflict',
          'an order is already in another open payment file (built or sent): cancel that file first',
          { code: 'invalid_state' },
        );
      throw error;
    }
    await recordEvent(tx, {
      orgId: null,
      type: 'payment_file.built',
      actor: userAuditActor(actor.userId, true),
      subjectId: fileId,
      data: { format, currency, transaction_count: transfers.length, sha256 },
    });
    const orderIds = groups.flatMap((g) => g.transactions.map((t) => t.orderId));
    return { file: toWire(file!, orderIds), orgIds: [...new Set(rows.map((row) => row.orgId))] };
  });
}

async function orderIdsOf(executor: Executor, fileIds: string[]): Promise<Map<string, string[]>> {
  const rows =
    fileIds.length === 0
      ? []
      : await executor
          .select({ fileId: paymentFileOrders.fileId, orderId: paymentFileOrders.orderId })
          .from(paymentFileOrders)
          .where(inArray(paymentFileOrders.fileId, fileIds))
          .orderBy(asc(paymentFileOrders.groupNumber), asc(paymentFileOrders.orderId));
  const byFile = new Map<string, string[]>();
  for (const row of rows) byFile.set(row.fileId, [...(byFile.get(row.fileId) ?? []), row.orderId]);
  return byFile;
}

/** `GET /support/desk/payment-files`: the latest files, newest first. */
export async function listPaymentFiles(executor: Executor): Promise<{ data: PaymentFileWire[] }> {
  // Not the content: a list of files must not carry every file's bytes.
  const { content: _content, ...fields } = getTableColumns(paymentFiles);
  const rows = await executor
    .select(fields)
    .from(paymentFiles)
    .orderBy(desc(paymentFiles.createdAt), desc(paymentFiles.id))
    .limit(LIST_LIMIT);
  const ids = await orderIdsOf(
    executor,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toWire({ ...row, content: '' }, ids.get(row.id) ?? [])) };
}

/** `GET /support/desk/payment-files/{id}/content`: the file's bytes as built, and the organizations it pays for. */
export async function downloadPaymentFile(
  executor: Executor,
  fileId: string,
): Promise<{ body: FileBody; orgIds: string[] }> {
  const [row] = await executor.select().from(paymentFiles).where(eq(paymentFiles.id, fileId));
  if (!row) throw ApiError.notFound('Payment file');
  const orgs = await executor
    .selectDistinct({ orgId: paymentFileOrders.orgId })
    .from(paymentFileOrders)
    .where(eq(paymentFileOrders.fileId, fileId));
  return {
    body: {
      contentType: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
      filename: filenameOf(row),
      body: new TextEncoder().encode(row.content),
      sha256: row.sha256,
    },
    orgIds: orgs.map((org) => org.orgId),
  };
}

async function lockFile(tx: Executor, fileId: string): Promise<FileRow> {
  const [row] = await tx.select().from(paymentFiles).where(eq(paymentFiles.id, fileId)).for('update');
  if (!row) throw ApiError.notFound('Payment file');
  if (row.status !== 'built')
    throw new ApiError('conflict', `payment file is ${row.status}: only a built file is sent or cancelled`, {
      code: 'invalid_state',
    });
  return row;
}

/**
 * `POST /support/desk/payment-files/{id}/sent`: the file went to the bank. Its orders move DEPOSIT_RECEIVED →
 * PAYING_BENEFICIARY through the desk's mark-sent lifecycle, each with the UETR its transaction carries as
 * `tracking_reference` and the file's debtor account; all or nothing.
 */
export async function markPaymentFileSent(
  executor: Executor,
  actor: StaffActor,
  fileId: string,
  requestId: string | null,
): Promise<PaymentFileWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const file = await lockFile(tx, fileId);
    const links = await tx
      .select({ orderId: paymentFileOrders.orderId, uetr: paymentFileOrders.uetr })
      .from(paymentFileOrders)
      .where(eq(paymentFileOrders.fileId, fileId));
    const sentAs = new Map<string, SentAs>(
      links.map((link) => [link.orderId, { uetr: link.uetr, payoutAccountId: file.payoutAccountId }]),
    );
    await sendOrders(tx, actor, [...sentAs.keys()], requestId, sentAs);
    const at = now();
    const [row] = await tx
      .update(paymentFiles)
      .set({ status: 'sent', sentByUserId: actor.userId, sentAt: at, updatedAt: at })
      .where(eq(paymentFiles.id, fileId))
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'payment_file.sent',
      actor: userAuditActor(actor.userId, true),
      subjectId: fileId,
      data: { transaction_count: file.transactionCount, sha256: file.sha256 },
    });
    return toWire(row!, (await orderIdsOf(tx, [fileId])).get(fileId) ?? []);
  });
}

/** `POST /support/desk/payment-files/{id}/cancel`: a built file will not be sent; its orders may go into another. */
export async function cancelPaymentFile(
  executor: Executor,
  actor: StaffActor,
  fileId: string,
): Promise<PaymentFileWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const file = await lockFile(tx, fileId);
    const at = now();
    await tx
      .update(paymentFileOrders)
      .set({ released: true })
      .where(and(eq(paymentFileOrders.fileId, fileId), sql`not ${paymentFileOrders.released}`));
    const [row] = await tx
      .update(paymentFiles)
      .set({ status: 'cancelled', cancelledByUserId: actor.userId, cancelledAt: at, updatedAt: at })
      .where(eq(paymentFiles.id, fileId))
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'payment_file.cancelled',
      actor: userAuditActor(actor.userId, true),
      subjectId: fileId,
      data: { transaction_count: file.transactionCount },
    });
    return toWire(row!, (await orderIdsOf(tx, [fileId])).get(fileId) ?? []);
  });
}
