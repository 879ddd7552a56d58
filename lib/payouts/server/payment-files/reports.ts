// Owns applying the bank's reports at the payouts desk (pain.002.001.10, camt.054.001.08, the desk's CSV): each entry
// matched on EndToEndId (our order id), mapped as DESIGN says, and every outcome run through the payouts state
// machine as a recorded outcome is (events, webhooks, ledger, receipts). Entries for no order in flight, or an order
// already final, are listed, never guessed. The same file twice (same SHA-256) changes nothing. Four eyes: whoever
// built a file or marked its orders sent does not apply their outcomes.
import { createHash } from 'node:crypto';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  type PaymentReportResult,
  paymentFileOrders,
  paymentFiles,
  paymentReports,
  payoutOrders,
} from '@/db/schema/payouts';
import { TERMINAL_ORDER_STATUSES } from '@/lib/payouts/contract/enums';
import type { PaymentReportWire } from '@/lib/payouts/contract/payment-file-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { businessNow, now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { newId } from '@/lib/platform/ids';
import type { UploadedFile } from '@/lib/platform/operations/operation';
import { applyTransitions, type Decision } from '../apply-transitions';
import { staffFor } from '../desk';
import { readPaymentInformationId, uuidOfIsoId } from './iso-ids';
import { readBankReport } from './read-report';
import { failureMessage, statusEffect, type TransactionEntry } from './report-entries';

type ReportRow = typeof paymentReports.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINAL = new Set<string>(TERMINAL_ORDER_STATUSES);

function toWire(row: ReportRow, alreadyApplied: boolean): PaymentReportWire {
  return {
    id: row.id,
    format: row.format,
    file_id: row.fileId,
    filename: row.filename,
    sha256: row.sha256,
    uploaded_by_user_id: row.uploadedByUserId,
    created_at: row.createdAt.toISOString(),
    already_applied: alreadyApplied,
    ...row.result,
  };
}

/** The order an entry names: our id as 32 hex (EndToEndId), or as a UUID (the CSV's order_id). */
function orderIdOf(reference: string): string | null {
  const value = reference.trim();
  return UUID.test(value) ? value.toLowerCase() : uuidOfIsoId(value);
}

function refuseReport(message: string): never {
  throw new ApiError('bad_request', `file: ${message}`, { code: 'invalid_report', param: 'file' });
}

/** `POST /support/desk/payment-reports`: read, match and apply a bank report, once. */
export async function applyPaymentReport(
  executor: Executor,
  actor: StaffActor,
  upload: UploadedFile,
  requestId: string | null,
): Promise<PaymentReportWire> {
  assertNotViewing(actor);
  if (upload.bytes.length === 0) refuseReport('the report is empty');
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const [seen] = await executor.select().from(paymentReports).where(eq(paymentReports.sha256, sha256));
  if (seen) return toWire(seen, true);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(upload.bytes);
  } catch {
    refuseReport('not UTF-8 text');
  }
  // Read entirely before anything is stored: a malformed report leaves no trace but the refusal.
  const report = readBankReport(text);

  return executor.transaction(async (tx) => {
    const at = now();
    const empty: PaymentReportResult = { applied: [], recorded: [], already_final: [], unmatched: [] };
    const fileId = report.originalMessageId ? uuidOfIsoId(report.originalMessageId) : null;
    const [file] = fileId
      ? await tx.select({ id: paymentFiles.id }).from(paymentFiles).where(eq(paymentFiles.id, fileId))
      : [];
    const [inserted] = await tx
      .insert(paymentReports)
      .values({
        id: newId(),
        format: report.format,
        fileId: file?.id ?? null,
        filename: upload.name.slice(0, 255) || 'report',
        content: text,
        sha256,
        uploadedByUserId: actor.userId,
        result: empty,
        createdAt: at,
      })
      .onConflictDoNothing({ target: paymentReports.sha256 })
      .returning();
    if (!inserted) {
      // The same file uploaded at the same moment: the other upload applied it.
      const [other] = await tx.select().from(paymentReports).where(eq(paymentReports.sha256, sha256));
      return toWire(other!, true);
    }

    // Transaction-level entries first; a group status covers the file's (or group's) orders with none of their own.
    const txEntries = report.entries.filter((e): e is TransactionEntry => e.level === 'transaction');
    const named = new Set(txEntries.map((e) => orderIdOf(e.reference)).filter((id): id is string => !!id));
    const result: PaymentReportResult = structuredClone(empty);
    const expanded: { reference: string; orderId: string | null; entry: TransactionEntry }[] = txEntries.map(
      (entry) => ({ reference: entry.reference, orderId: orderIdOf(entry.reference), entry }),
    );
    for (const entry of report.entries) {
      if (entry.level !== 'group') continue;
      const groupFileId = uuidOfIsoId(entry.messageId);
      const group = entry.paymentInformationId ? readPaymentInformationId(entry.paymentInformationId) : null;
      const reference = entry.paymentInformationId ?? entry.messageId;
      if (!groupFileId || (entry.paymentInformationId && (!group || group.fileId !== groupFileId))) {
        result.unmatched.push({ reference, status: entry.status, reason: 'names no payment file of ours' });
        continue;
      }
      const links = await tx
        .select({ orderId: paymentFileOrders.orderId })
        .from(paymentFileOrders)
        .where(
          and(
            eq(paymentFileOrders.fileId, groupFileId),
            not(paymentFileOrders.released),
            ...(group ? [eq(paymentFileOrders.groupNumber, group.group)] : []),
          ),
        );
      if (links.length === 0) {
        result.unmatched.push({ reference, status: entry.status, reason: 'names no payment file of ours' });
        continue;
      }
      for (const link of links)
        if (!named.has(link.orderId)) {
          named.add(link.orderId);
          expanded.push({
            reference,
            orderId: link.orderId,
            entry: {
              level: 'transaction',
              reference,
              status: entry.status,
              reasonCode: entry.reasonCode,
              reasonText: entry.reasonText,
              bankReference: null,
            },
          });
        }
    }

    const ids = [...new Set(expanded.map((e) => e.orderId).filter((id): id is string => !!id))];
    const orders = new Map<string, { orgId: string; status: string; sentByUserId: string | null }>();
    const makers = new Map<string, string>();
    for (let start = 0; start < ids.length; start += 5000) {
      const chunk = ids.slice(start, start + 5000);
      const rows = await tx
        .select({
          id: payoutOrders.id,
          orgId: payoutOrders.orgId,
          status: payoutOrders.status,
          sentByUserId: payoutOrders.sentByUserId,
        })
        .from(payoutOrders)
        .where(inArray(payoutOrders.id, chunk));
      for (const row of rows) orders.set(row.id, row);
      const built = await tx
        .select({ orderId: paymentFileOrders.orderId, maker: paymentFiles.createdByUserId })
        .from(paymentFileOrders)
        .innerJoin(paymentFiles, eq(paymentFiles.id, paymentFileOrders.fileId))
        .where(and(inArray(paymentFileOrders.orderId, chunk), not(paymentFileOrders.released)));
      for (const row of built) makers.set(row.orderId, row.maker);
    }

    const decisions = new Map<string, Decision>();
    const decidedOrgs = new Map<string, string[]>();
    for (const { reference, orderId, entry } of expanded) {
      const order = orderId ? orders.get(orderId) : undefined;
      const effect = statusEffect(entry.status);
      if (!orderId || !order) {
        result.unmatched.push({ reference, status: entry.status, reason: 'matches no order' });
        continue;
      }
      const decided = decisions.get(orderId);
      if (FINAL.has(order.status) || decided) {
        result.already_final.push({
          order_id: orderId,
          status: entry.status,
          order_status: decided?.to ?? order.status,
        });
        continue;
      }
      if (effect === 'unknown') {
        result.unmatched.push({ reference, status: entry.status, reason: 'a status the desk does not know' });
        continue;
      }
      if (order.status !== 'PAYING_BENEFICIARY') {
        result.unmatched.push({
          reference,
          status: entry.status,
          reason: `the order is ${order.status}, not sent`,
        });
        continue;
      }
      if (order.sentByUserId === actor.userId || makers.get(orderId) === actor.userId)
        throw new ApiError(
          'forbidden',
          'four eyes: someone other than the person who built the payment file or marked its orders sent applies their outcomes',
          { code: 'second_person_required' },
        );
      if (effect === 'recorded') {
        result.recorded.push({ order_id: orderId, status: entry.status });
        continue;
      }
      decisions.set(
        orderId,
        effect === 'COMPLETED'
          ? {
              to: 'COMPLETED',
              ...(entry.bankReference ? { bankReference: entry.bankReference.slice(0, 140) } : {}),
            }
          : { to: 'FAILED', failureMessage: failureMessage(entry.reasonCode, entry.reasonText) },
      );
      decidedOrgs.set(order.orgId, [...(decidedOrgs.get(order.orgId) ?? []), orderId]);
      result.applied.push({ order_id: orderId, status: entry.status, outcome: effect });
    }

    for (const [orgId, orderIds] of decidedOrgs) {
      const when = await businessNow(tx, orgId);
      await applyTransitions(tx, staffFor(actor, orgId, requestId), when, { orderIds }, (order) =>
        order.status === 'PAYING_BENEFICIARY' ? (decisions.get(order.id) ?? null) : null,
      );
    }

    const [row] = await tx
      .update(paymentReports)
      .set({ result })
      .where(eq(paymentReports.id, inserted.id))
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'payment_report.applied',
      actor: userAuditActor(actor.userId, true),
      subjectId: inserted.id,
      data: {
        format: report.format,
        sha256,
        applied: result.applied.length,
        recorded: result.recorded.length,
        already_final: result.already_final.length,
        unmatched: result.unmatched.length,
      },
    });
    return toWire(row!, false);
  });
}

/** `GET /support/desk/payment-reports/{id}`: what a report did, its unmatched entries included. */
export async function getPaymentReport(executor: Executor, reportId: string): Promise<PaymentReportWire> {
  const [row] = await executor.select().from(paymentReports).where(eq(paymentReports.id, reportId));
  if (!row) throw ApiError.notFound('Payment report');
  return toWire(row, false);
}
