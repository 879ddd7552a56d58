// Owns the rules of the Custody page's funding forms in the support console (operations, manual custody): recording a
// deposit, rejecting one, entering a deposit address; and the Chain page's note settling a vanished deposit. Loaded after the page (see lib/platform/browser/lazy-schema.ts)
// and kept apart from form-schemas.ts, which the organization's own pages load. Each field is held to the wire schema
// of the operation it is sent to (lib/platform/browser/wire-rule.ts), so the API's rules are written once, in
// support-schemas.ts; the form adds what a person types (an amount with separators, spaces around a pasted hash) and
// the words they read.
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { wireRule, wireText } from '@/lib/platform/browser/wire-rule';
import { USDT } from '@/lib/platform/money/facts';
import {
  enterDepositAddressBody,
  recordManualDepositBody,
  rejectManualDepositBody,
  resolveChainAlertBody,
} from './support-schemas';

const depositField = recordManualDepositBody.shape;

/** Form-only: the organization is picked from the directory; its id is what the wire's org_id receives. */
const organization = z
  .object({ id: z.string(), name: z.string() }, { error: 'Choose the organization' })
  .nullable()
  // On the field itself (not the object), so it is said together with the other fields' problems.
  .superRefine((value, context) => {
    if (value === null)
      context.addIssue({ code: 'custom', message: 'Choose the organization', input: value });
  });

const chain = z.string().superRefine(wireRule(depositField.chain, 'Choose the chain'));

export const manualDeposit = z.object({
  organization,
  chain,
  amount: typedAmountField(USDT).superRefine(
    wireRule(depositField.amount, { custom: 'Must be greater than zero' }),
  ),
  transaction_hash: wireText(
    depositField.transaction_hash,
    'The transaction hash: 64 hex characters, 0x-prefixed on Ethereum',
  ),
});

export const depositRejection = z.object({
  reason: wireText(rejectManualDepositBody.shape.reason, {
    too_small: 'Say why it is rejected',
    too_big: 'At most 500 characters',
  }),
});

export const depositAddress = z.object({
  organization,
  chain,
  address: wireText(enterDepositAddressBody.shape.address, {
    too_small: "The organization's address on the chain",
    too_big: 'At most 100 characters',
  }),
});

export const chainAlertResolution = z.object({
  note: wireText(resolveChainAlertBody.shape.note, {
    too_small: 'Say what you found and why (at least 3 characters)',
    too_big: 'At most 1,000 characters',
  }),
});
