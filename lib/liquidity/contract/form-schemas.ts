// Owns the rules of the liquidity forms, loaded after the page (see lib/platform/browser/lazy-schema.ts). The balance check
// needs the live balance, so it stays in the form; the API checks everything again.
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { USDT } from '@/lib/platform/money/facts';

export const withdrawal = z.object({
  wallet_id: z.string().min(1, 'Choose a wallet from the address book.'),
  // Read as every typed amount is (lib/platform/money/typed-amount.ts): 1,250.50 is sent as 1250.50, and 1250,50 is refused
  // with the same words as in a batch.
  amount: typedAmountField(USDT),
});

export const wallet = z.object({
  chain_id: z.string().min(1, 'Choose a chain.'),
  address: z.string().trim().min(1, 'Enter the address.'),
  label: z.string().trim(),
});

export const reason = z.object({ reason: z.string().trim().min(1, 'Give a reason') });
