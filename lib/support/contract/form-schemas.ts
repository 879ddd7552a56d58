// Owns the rules of the support console's forms (starting a view, review decisions, pricing), loaded after the page
// (see lib/platform/browser/lazy-schema.ts). Each field is held to the wire schema of the staff operation it is sent to
// (lib/platform/browser/wire-rule.ts), so the API's rules are written once, in this contract; the form adds what a
// person types (spaces, a lower-case currency, the organization picked from a list) and the words the lead reads.
import { z } from 'zod';
import { wireRule, wireText } from '@/lib/platform/browser/wire-rule';
import { resolveEmailBody } from './emails-schemas';
import { reviewDecisionBody } from './reviews-schemas';
import { publishRateBody, setMarginBody, startViewBody, updateCorridorBody } from './schemas';
import { createClientOrganizationBody, inviteStaffBody } from './staff-schemas';

/** A reason held to the wire's 3 to 500 characters. */
const reason = (wire: z.ZodType, missing: string) =>
  wireText(wire, { too_small: missing, too_big: 'At most 500 characters' });

/** A decimal typed into a field, refused where the wire refuses it; `example` words a malformed one. */
const decimal = (wire: z.ZodType, example: string) =>
  wireText(wire, { invalid_format: example, custom: 'Must be greater than zero' });

export const accessReason = z.object({
  reason: reason(startViewBody.shape.reason, 'Give the ticket reference or why you need to look'),
});

export const rejection = z.object({
  reason: reason(reviewDecisionBody.shape.reason, 'Tell the client what to correct (at least 3 characters)'),
});

export const clearance = z.object({
  reason: reason(
    reviewDecisionBody.shape.reason,
    'Say why the screening hit is cleared (at least 3 characters)',
  ),
});

export const rate = z.object({
  currency: z
    .string()
    .trim()
    // Form-only: typed in any case, sent in capitals (the wire takes "EUR").
    .superRefine(
      wireRule(publishRateBody.shape.currency, 'A currency code, e.g. EUR', (code) => code.toUpperCase()),
    ),
  units_per_usdt: decimal(
    publishRateBody.shape.units_per_usdt,
    'Units of the currency one USDT buys, e.g. 0.92',
  ),
});

const corridorField = updateCorridorBody.shape;

export const corridor = z.object({
  status: corridorField.status.unwrap(),
  min_amount: decimal(corridorField.min_amount, 'A decimal amount, e.g. 10'),
  max_amount: decimal(corridorField.max_amount, 'A decimal amount, e.g. 100000'),
});

export const margin = z
  .object({
    // Form-only: the organization is picked from the directory; its id is what the wire's org_id receives.
    organization: z
      .object({ id: z.string(), name: z.string() }, { error: 'Choose the organization' })
      .nullable(),
    // Form-only: a corridor currency or "the default" (sent as null), chosen from a list.
    currency: z.string(),
    margin_bps: decimal(setMarginBody.shape.margin_bps, 'Basis points, e.g. 35'),
  })
  .refine((values) => values.organization !== null, {
    path: ['organization'],
    message: 'Choose the organization',
  });

export const emailResolution = z.object({
  note: reason(resolveEmailBody.shape.note, 'Say how it was resolved (at least 3 characters)'),
});

/** A staff member invited from the Staff page (the roles are ticked boxes, checked before the dialog may send). */
export const staffInvite = z.object({
  email: wireText(inviteStaffBody.shape.email, 'An email address, e.g. ana@provider.example'),
  name: wireText(inviteStaffBody.shape.name, { too_small: 'Their name', too_big: 'At most 100 characters' }),
});

/** A new client organization and its first admin (the products are ticked boxes). */
export const clientOrganization = z.object({
  name: wireText(createClientOrganizationBody.shape.name, {
    too_small: "The organization's name",
    too_big: 'At most 200 characters',
  }),
  admin_email: wireText(
    createClientOrganizationBody.shape.admin_email,
    'An email address, e.g. ana@acme.example',
  ),
  margin_bps: z
    .string()
    .trim()
    .superRefine((value, context) => {
      if (value === '') return;
      wireRule(
        createClientOrganizationBody.shape.margin_bps,
        'Basis points such as 50 (0.50 %), below 10000',
      )(value, context);
    }),
});
