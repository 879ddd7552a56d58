// Owns the wire shapes of the payouts desk's payment files (pain.001 or CSV to the bank) and the bank's reports
// (pain.002, camt.054, CSV) applied from them: browser-safe, read by the console's desk and the operations.
import { z } from 'zod';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { PAYMENT_FILE_FORMATS, PAYMENT_FILE_STATUSES, PAYMENT_REPORT_FORMATS } from './enums';

/** The most orders one file carries: a large client's whole run, within the bank's usual file limits. */
export const MAX_PAYMENT_FILE_ORDERS = 5000;
/** The largest report the desk reads (a pain.002 for 5,000 transactions is well under it). */
export const MAX_PAYMENT_REPORT_BYTES = 8 * 1024 * 1024;

export const paymentFileSchema = z
  .object({
    id: idSchema,
    format: z.enum(PAYMENT_FILE_FORMATS).meta({
      description: '`pain.001.001.09` when every payee has an IBAN, `csv` otherwise',
    }),
    status: z.enum(PAYMENT_FILE_STATUSES).meta({
      description: '`built` (download it, then mark it sent, or cancel it), `sent`, `cancelled`',
    }),
    currency: z.string(),
    payout_account_id: idSchema.meta({ description: 'The debtor: the payout account the file pays from' }),
    message_id: z.string().meta({
      description: 'GrpHdr/MsgId: the file id as 32 hex',
      example: '01936f4e8f2a7c3b9d4e5f6a7b8c9d0e',
    }),
    transaction_count: z.number().int(),
    control_sum: z
      .string()
      .meta({ description: 'The sum of the amounts, with the currency’s ISO 4217 fraction digits' }),
    filename: z.string(),
    sha256: z.string().meta({ description: 'SHA-256 of the file’s bytes (hex), as downloaded' }),
    order_ids: z.array(idSchema),
    created_by_user_id: idSchema,
    created_at: timestampSchema,
    sent_by_user_id: idSchema.nullable(),
    sent_at: timestampSchema.nullable(),
    cancelled_by_user_id: idSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
  })
  .meta({ id: 'PaymentFile' });
export type PaymentFileWire = z.input<typeof paymentFileSchema>;

export const paymentFileListSchema = z.object({ data: z.array(paymentFileSchema) });

export const buildPaymentFileBody = z.object({
  order_ids: z
    .array(idSchema)
    .min(1)
    .max(MAX_PAYMENT_FILE_ORDERS)
    .meta({ description: '`DEPOSIT_RECEIVED` orders of one currency, each in no other open file' }),
});

export const paymentFileParams = z.object({ fileId: idSchema });
export const paymentReportParams = z.object({ reportId: idSchema });

const entry = {
  order_id: idSchema,
  status: z
    .string()
    .meta({ description: 'The status as the report wrote it (`ACSC`, `RJCT`, `BOOK`, `paid`…)' }),
};

export const paymentReportSchema = z
  .object({
    id: idSchema,
    format: z.enum(PAYMENT_REPORT_FORMATS),
    file_id: idSchema
      .nullable()
      .meta({ description: 'The payment file the report names (pain.002 OrgnlMsgId)' }),
    filename: z.string(),
    sha256: z.string(),
    uploaded_by_user_id: idSchema,
    created_at: timestampSchema,
    already_applied: z.boolean().meta({
      description: 'true when this exact file (same SHA-256) was uploaded before: nothing changed now',
    }),
    applied: z
      .array(z.object({ ...entry, outcome: z.enum(['COMPLETED', 'FAILED']) }))
      .meta({ description: 'Orders this report moved' }),
    recorded: z.array(z.object(entry)).meta({
      description: 'Statuses kept without a transition (ACTC, ACCP, ACSP, ACWC, PDNG, a pending entry)',
    }),
    already_final: z
      .array(z.object({ ...entry, order_status: z.string() }))
      .meta({ description: 'Entries for orders already COMPLETED or FAILED: left alone' }),
    unmatched: z.array(z.object({ reference: z.string(), status: z.string(), reason: z.string() })).meta({
      description:
        'Entries matching no order in flight, or with a status the desk does not know: listed, never guessed',
    }),
  })
  .meta({ id: 'PaymentReport' });
export type PaymentReportWire = z.input<typeof paymentReportSchema>;
