// Owns the rules of the support lead's liquidity back-office forms (loans, repayments, settlement routes, proofs,
// utilization), loaded after the page (see lib/platform/browser/lazy-schema.ts) and kept apart from form-schemas.ts,
// which the organization's own pages load. Each field is held to the wire schema of the operation it is sent to
// (lib/platform/browser/wire-rule.ts), so the API's rules are written once, in support-schemas.ts; the form adds what
// a person types (a lower-case currency, an empty optional field, a local date and time) and the words they read.
import { z } from 'zod';
import { noneIfEmpty, wireRule, wireText } from '@/lib/platform/browser/wire-rule';
import {
  attachProofFields,
  createLoanBody,
  createRouteBody,
  recordRepaymentBody,
  recordUtilizationBody,
} from './support-schemas';

const POSITIVE = 'Must be greater than zero';

/** A decimal amount typed into a field, refused where the wire refuses it; `example` words a malformed one. */
const amount = (wire: z.ZodType, example: string) =>
  wireText(wire, { invalid_format: example, custom: POSITIVE });

/** Text held to the wire's length rules; empty asks with `missing`, or sends nothing when `missing` is omitted. */
const text = (wire: z.ZodType, missing?: string) =>
  wireText(
    wire,
    { too_small: missing, too_big: 'At most 200 characters' },
    missing ? undefined : noneIfEmpty,
  );

/** An option of a list the page got from the API; its id is the wire's. */
const chosen = (wire: z.ZodType, missing: string) => z.string().superRefine(wireRule(wire, missing));

// Form-only: a date and time chosen in the picker, which the page sends as an ISO timestamp (isoFromLocal).
const picked = (missing: string) => z.string().trim().min(1, missing);

// Form-only: typed in any case, sent in capitals (the wire takes "EUR").
const upper = (text: string) => text.toUpperCase();

const loanField = createLoanBody.shape;

export const loan = z
  .object({
    principal: amount(loanField.principal, 'Enter the principal in USDT, e.g. 50000'),
    interest_rate_percent: amount(
      loanField.interest_rate_percent,
      'Enter the yearly rate in percent, e.g. 8.5',
    ),
    drawn_amount: amount(loanField.drawn_amount, 'Enter the drawn amount in USDT (0 if none)'),
    status: loanField.status.unwrap(),
    starts_on: chosen(loanField.starts_on, 'Choose the start date'),
    due_on: chosen(loanField.due_on, 'Choose the due date'),
  })
  // createLoan refuses the same (its own refine on due_on); restated because a refined object's rule cannot be
  // picked out of it, and worded for the lead beside the field.
  .refine((values) => !values.starts_on || !values.due_on || values.due_on >= values.starts_on, {
    path: ['due_on'],
    message: 'The due date is before the start date',
  });

const repaymentField = recordRepaymentBody.shape;

export const repayment = z.object({
  amount: amount(repaymentField.amount, 'Enter the amount repaid, e.g. 1000.00'),
  paid_at: picked('Choose when it was paid'),
  reference: text(repaymentField.reference),
  // Form-only: "no change" or the loan's status after this repayment.
  loan_status: z.string(),
});

const routeField = createRouteBody.shape;

export const route = z.object({
  name: text(routeField.name, 'Name the route'),
  corridor_id: chosen(routeField.corridor_id, 'Choose a corridor'),
  chain_id: chosen(routeField.chain_id, 'Choose a chain'),
  counterparty: text(routeField.counterparty, 'Name the counterparty'),
});

const proofField = attachProofFields.shape;

export const proof = z.object({
  // Form-only: the document travels as the multipart body's file part, which no zod schema of the wire describes.
  file: z.custom<File>(
    (value) => typeof File !== 'undefined' && value instanceof File,
    'Choose the document',
  ),
  recorded_at: picked('Choose when it settled'),
  batch_id: wireText(proofField.batch_id, 'A batch id, e.g. 0196…-…', noneIfEmpty),
  transaction_hash: text(proofField.transaction_hash),
});

const utilizationField = recordUtilizationBody.shape;

export const utilization = z.object({
  amount: amount(utilizationField.amount, 'Enter the amount used, e.g. 1000.00'),
  currency: wireText(utilizationField.currency, 'A currency code, e.g. EUR', upper),
  // Form-only: "no route" or the route chosen.
  route_id: z.string(),
  reference: text(utilizationField.reference),
});
