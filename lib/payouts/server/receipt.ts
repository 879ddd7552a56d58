// Owns the proof of payment of a completed order: a one-page PDF made on the server with pdf-lib (no network).
import { and, eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import {
  type OrderPartiesSnapshot,
  orderPartiesSnapshotSchema,
  payoutBatches,
  payoutOrders,
} from '@/db/schema/payouts';
import { isSandbox } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { formatDate, formatMoney } from '@/lib/platform/format';
import { PROVIDER_NAME } from '@/lib/platform/provider';
import { findOrder } from './read';
import { toWireOrder } from './rows';

export interface Receipt {
  bytes: Uint8Array;
  fileName: string;
}

const SANDBOX_MARK = 'SANDBOX — not a real payment';

const FEE_TYPES = {
  OUR: 'OUR - the sender paid all transfer fees',
  SHA: "SHA - fees shared; the beneficiary's bank may deduct its own charges",
} as const;

/** Only the last four characters of an account identifier are ever printed. */
export function maskAccount(account: string | null): string {
  if (!account) return 'not on file';
  const compact = account.replace(/\s+/g, '');
  return `**** ${compact.slice(-4)}`;
}

function fileSafe(value: string): string {
  return value
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

export async function orderReceipt(executor: Executor, orgId: string, orderId: string): Promise<Receipt> {
  const row = await findOrder(executor, orgId, orderId);
  if (row.status !== 'COMPLETED')
    throw new ApiError('conflict', `order is ${row.status}: a receipt exists only for a COMPLETED order`, {
      code: 'invalid_state',
    });
  const o = payoutOrders;
  const b = payoutBatches;
  const [context] = await executor
    .select({
      organization: organizations.name,
      legalName: organizations.legalName,
      batchReference: b.clientReference,
      parties: o.parties,
      confirmedByUser: users.name,
      confirmedByKey: apiKeys.name,
      confirmedAt: b.confirmedAt,
    })
    .from(o)
    .innerJoin(b, eq(b.id, o.batchId))
    .innerJoin(organizations, eq(organizations.id, o.orgId))
    .leftJoin(users, eq(users.id, b.confirmedByUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, b.confirmedByApiKeyId))
    .where(and(eq(o.id, orderId), eq(o.orgId, orgId)));
  const parties: OrderPartiesSnapshot = orderPartiesSnapshotSchema.parse(context!.parties);
  const order = toWireOrder(row);
  const completedAt = order.updated_at;

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Proof of payment ${order.id}`);
  pdf.setProducer(PROVIDER_NAME);
  pdf.setAuthor(PROVIDER_NAME);
  pdf.setCreationDate(new Date(completedAt));
  pdf.setModificationDate(new Date(completedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]); // A4
  let y = 790;

  // Standard fonts cover Windows-1252 only: anything else prints as "?" rather than failing the receipt.
  const safe = (font: PDFFont, text: string) =>
    [...text]
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number } = {}) => {
    const font = options.font ?? regular;
    page.drawText(safe(font, text), {
      x: options.x ?? 50,
      y,
      size: options.size ?? 10,
      font,
      color: rgb(0.1, 0.1, 0.1),
    });
  };
  const field = (label: string, value: string) => {
    write(label, { font: bold });
    write(value, { x: 210 });
    y -= 16;
  };
  const heading = (text: string) => {
    y -= 8;
    write(text, { size: 12, font: bold });
    y -= 20;
  };

  // A sandbox receipt must never pass for a real one, printed or forwarded: the mark is the first thing on the page.
  if (isSandbox()) {
    page.drawText(safe(bold, SANDBOX_MARK), {
      x: 50,
      y: 808,
      size: 14,
      font: bold,
      color: rgb(0.75, 0.1, 0.1),
    });
    y -= 12;
  }
  write('Proof of payment', { size: 20, font: bold });
  y -= 22;
  write(`Issued by ${PROVIDER_NAME} for ${context!.legalName ?? context!.organization}`, { size: 11 });
  y -= 30;

  heading('Payment');
  // The portal's formatters, so the receipt reads like the pages an accountant checks it against.
  field('Amount credited', formatMoney(order.beneficiary_amount, order.beneficiary_currency));
  field('Fee type', FEE_TYPES[order.fee_type]);
  if (order.fee_amount !== null)
    field('Transfer fee you paid', formatMoney(order.fee_amount, order.beneficiary_currency));
  if (order.source_amount !== null)
    field('Debited from your balance', formatMoney(order.source_amount, 'USDT'));
  field('Purpose code', order.purpose_code);
  field('Status', 'COMPLETED');
  field('Completed at', formatDate(completedAt, 'deadline', { timeZone: 'UTC' }));
  field('Tracking reference', order.tracking_reference ?? 'not assigned');
  if (order.bank_reference) field('Bank reference', order.bank_reference);

  heading('Authorised');
  // Who released the money: the person (or the API key) that confirmed the batch, and when.
  field(
    'Batch confirmed by',
    context!.confirmedByUser ??
      (context!.confirmedByKey ? `API key "${context!.confirmedByKey}"` : 'not recorded'),
  );
  if (context!.confirmedAt)
    field(
      'Batch confirmed at',
      formatDate(context!.confirmedAt.toISOString(), 'deadline', { timeZone: 'UTC' }),
    );

  heading('Sender');
  field('Name', parties.sender.legalName);
  field('Country', parties.sender.country);
  if (parties.sender.registrationNumber) field('Registration number', parties.sender.registrationNumber);

  heading('Beneficiary');
  field('Name', parties.beneficiary.name);
  field('Country', parties.beneficiary.country);
  if (parties.beneficiary.bankName) field('Bank', parties.beneficiary.bankName);
  field('Account', maskAccount(parties.beneficiary.ibanLast4 ?? parties.beneficiary.accountNumberLast4));
  if (parties.beneficiary.swiftBic) field('SWIFT/BIC', parties.beneficiary.swiftBic);

  heading('References');
  field('Order id', order.id);
  field('Batch id', order.batch_id);
  field('Your order reference', order.client_reference ?? '-');
  field('Your batch reference', context!.batchReference ?? '-');

  y -= 20;
  write(
    isSandbox()
      ? `${SANDBOX_MARK}: issued by the ${PROVIDER_NAME} sandbox; no money moved.`
      : `This document confirms that the payment above was credited through the ${PROVIDER_NAME} payout network.`,
    { size: 8 },
  );
  y -= 12;
  write('Quote the tracking reference to the beneficiary or their bank to trace the payment.', { size: 8 });

  const bytes = await pdf.save();
  const date = completedAt.slice(0, 10);
  const reference = order.client_reference ? fileSafe(order.client_reference) : order.id.slice(0, 8);
  return { bytes, fileName: `receipt-${date}-${reference || order.id.slice(0, 8)}.pdf` };
}
