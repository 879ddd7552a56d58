// Owns the rules of the liquidity forms, loaded after the page (see lib/browser/lazy-schema.ts). The balance check
// needs the live balance, so it stays in the form; the API checks everything again.
import { z } from 'zod';
import { USDT } from '@/lib/money/facts';
import { readTypedAmount } from '@/lib/money/typed-amount';

export const withdrawal = z.object({
  wallet_id: z.string().min(1, 'Choose a wallet from the address book.'),
  // Read as every typed amount is (lib/money/typed-amount.ts): 1,250.50 is sent as 1250.50, and 1250,50 is refused
  // with the same words as in a batch.
  amount: z.string().transform((text, context) => {
    const { amount, problem } = readTypedAmount(text, USDT);
    if (amount !== null) return amount;
    context.issues.push({ code: 'custom', message: problem, input: text });
    return z.NEVER;
  }),
});

export const wallet = z.object({
  chain_id: z.string().min(1, 'Choose a chain.'),
  address: z.string().trim().min(1, 'Enter the address.'),
  label: z.string().trim(),
});

export const reason = z.object({ reason: z.string().trim().min(1, 'Give a reason') });
