// Owns the rules of the liquidity forms, loaded after the page (see lib/platform/browser/lazy-schema.ts). Each field is
// held to the wire schema of the operation it is sent to (lib/platform/browser/wire-rule.ts), so the API's limits are
// written once, in schemas.ts; the form adds what a person types (an amount with separators, an empty label) and the
// words they read. The balance check needs the live balance, so it stays in the form; the API checks everything again.
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { noneIfEmpty, wireRule, wireText } from '@/lib/platform/browser/wire-rule';
import { USDT } from '@/lib/platform/money/facts';
import { createWalletBody, createWithdrawalBody, rejectWithdrawalBody } from './schemas';

export const withdrawal = z.object({
  wallet_id: z
    .string()
    .superRefine(wireRule(createWithdrawalBody.shape.wallet_id, 'Choose a wallet from the address book.')),
  // Read as every typed amount is (lib/platform/money/typed-amount.ts): 1,250.50 is sent as 1250.50, and 1250,50 is refused
  // with the same words as in a batch; then held to the wire's amount rule.
  amount: typedAmountField(USDT).superRefine(wireRule(createWithdrawalBody.shape.amount, {})),
});

const walletField = createWalletBody.shape;

export const wallet = z.object({
  chain_id: z.string().superRefine(wireRule(walletField.chain_id, 'Choose a chain.')),
  address: wireText(walletField.address, {
    too_small: 'Enter the address.',
    too_big: 'At most 128 characters',
  }),
  // Form-only: an empty label sends none (the wire refuses an empty one).
  label: wireText(walletField.label, { too_big: 'At most 100 characters' }, noneIfEmpty),
});

export const reason = z.object({
  reason: wireText(rejectWithdrawalBody.shape.reason, {
    too_small: 'Give a reason',
    too_big: 'At most 500 characters',
  }),
});
