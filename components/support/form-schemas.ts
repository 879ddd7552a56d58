// Owns the rules of the support console's forms, loaded after the page (see lib/platform/browser/lazy-schema.ts). They catch
// what the lead can see before sending; the staff operations check everything again.
import { z } from 'zod';

const amount = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message);
const required = (message: string) => z.string().trim().min(1, message);

export const loan = z
  .object({
    principal: amount('Enter the principal in USDT, e.g. 50000'),
    interest_rate_percent: amount('Enter the yearly rate in percent, e.g. 8.5'),
    drawn_amount: amount('Enter the drawn amount in USDT (0 if none)'),
    status: z.enum(['PENDING', 'ACTIVE', 'REPAID', 'OVERDUE', 'CANCELLED']),
    starts_on: required('Choose the start date'),
    due_on: required('Choose the due date'),
  })
  .refine((values) => !values.starts_on || !values.due_on || values.due_on >= values.starts_on, {
    path: ['due_on'],
    message: 'The due date is before the start date',
  });

export const repayment = z.object({
  amount: amount('Enter the amount repaid, e.g. 1000.00'),
  paid_at: required('Choose when it was paid'),
  reference: z.string().trim(),
  loan_status: z.string(),
});

export const route = z.object({
  name: required('Name the route'),
  corridor_id: required('Choose a corridor'),
  chain_id: required('Choose a chain'),
  counterparty: required('Name the counterparty'),
});

export const proof = z.object({
  file: z.custom<File>(
    (value) => typeof File !== 'undefined' && value instanceof File,
    'Choose the document',
  ),
  recorded_at: required('Choose when it settled'),
  batch_id: z
    .string()
    .trim()
    .regex(/^$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'A batch id, e.g. 0196…-…'),
  transaction_hash: z.string().trim().max(200, 'At most 200 characters'),
});

export const utilization = z.object({
  amount: amount('Enter the amount used, e.g. 1000.00'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3,5}$/, 'A currency code, e.g. EUR'),
  route_id: z.string(),
  reference: z.string().trim(),
});

export const accessReason = z.object({
  reason: z.string().trim().min(3, 'Give the ticket reference or why you need to look'),
});

export const rate = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A currency code, e.g. EUR'),
  units_per_usdt: amount('Units of the currency one USDT buys, e.g. 0.92'),
});

export const corridor = z.object({
  status: z.enum(['ACTIVE', 'INACTIVE']),
  min_amount: amount('A decimal amount, e.g. 10'),
  max_amount: amount('A decimal amount, e.g. 100000'),
});

export const margin = z
  .object({
    organization: z
      .object({ id: z.string(), name: z.string() }, { error: 'Choose the organization' })
      .nullable(),
    currency: z.string(),
    margin_bps: z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'Basis points, e.g. 35'),
  })
  .refine((values) => values.organization !== null, {
    path: ['organization'],
    message: 'Choose the organization',
  });

export const rejection = z.object({
  reason: z.string().trim().min(3, 'Tell the client what to correct (at least 3 characters)'),
});

export const clearance = z.object({
  reason: z.string().trim().min(3, 'Say why the screening hit is cleared (at least 3 characters)'),
});
