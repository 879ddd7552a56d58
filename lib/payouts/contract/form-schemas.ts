// Owns the rules of the payouts forms (the CSV import's batch reference, the batches list's reference search, the
// approval policy), loaded after the page (see lib/platform/browser/lazy-schema.ts). Each field is held to the wire
// schema of the operation it is sent to (lib/platform/browser/wire-rule.ts), so the API's limits are written once, in
// this contract; the form adds what a person types (spaces around a reference, an amount with separators, an empty
// field meaning "none") and the words a person reads. Here too: the payout account a support lead adds in the console.
import { z } from 'zod';
import { createPayoutAccountBody } from '@/lib/payouts/contract/desk-schemas';
import {
  createBatchBody,
  listBatchesQuery,
  rejectBatchBody,
  updateApprovalPolicyBody,
} from '@/lib/payouts/contract/schemas';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { noneIfEmpty, wireRule, wireText } from '@/lib/platform/browser/wire-rule';
import { USDT } from '@/lib/platform/money/facts';

/** A reference typed into a field, trimmed, refused where the wire refuses it; empty sends none. */
const reference = (wire: z.ZodType) => wireText(wire, { too_big: 'At most 140 characters' }, noneIfEmpty);

export const draftReference = z.object({
  client_reference: reference(createBatchBody.shape.client_reference),
});

/** The batches list's exact reference search (the list's `client_reference` filter). */
export const batchReference = z.object({ reference: reference(listBatchesQuery.shape.client_reference) });

export const makerChecker = z.object({
  require_separate_confirmer: z.boolean(),
  // Empty: every batch (sent as null); otherwise read as every typed amount is (lib/platform/money/typed-amount.ts),
  // then held to the wire's threshold rule.
  threshold_usdt: typedAmountField(USDT, { optional: true }).superRefine(
    wireRule<string>(updateApprovalPolicyBody.shape.threshold_usdt, {}, (amount) =>
      amount === '' ? null : amount,
    ),
  ),
});

export const fourEyes = z.object({
  withdrawals_require_approval: z.boolean(),
  wallets_require_approval: z.boolean(),
});

const accountField = createPayoutAccountBody.shape;

/** A payout account the desk pays from, as a support lead types it (spaces in an IBAN, a lower-case BIC or currency). */
export const payoutAccount = z.object({
  name: wireText(accountField.name, {
    too_small: "The account's name, e.g. EUR operating account",
    too_big: 'At most 100 characters',
  }),
  account_number: wireText(
    accountField.account_number,
    'An IBAN or account number: 6 to 34 letters and digits',
  ),
  bic: wireText(accountField.bic, 'A BIC of 8 or 11 letters and digits, e.g. DEUTDEFF'),
  currency: wireText(accountField.currency, 'A currency code, e.g. EUR'),
});

/** Why an approver rejects a batch: required, shown to its makers. */
export const batchRejection = z.object({
  reason: wireText(rejectBatchBody.shape.reason, {
    too_small: 'Give a reason: the makers read it',
    too_big: 'At most 500 characters',
  }),
});
