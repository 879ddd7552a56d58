// Owns the rules of the liquidity forms, loaded after the page (see lib/browser/lazy-schema.ts). The balance check
// needs the live balance, so it stays in the form; the API checks everything again.
import { z } from 'zod';

export const withdrawal = z.object({
  wallet_id: z.string().min(1, 'Choose a wallet from the address book.'),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, 'Enter an amount in USDT with at most 6 decimals, e.g. 250.50.')
    .refine((amount) => /[1-9]/.test(amount), 'The amount must be greater than zero.'),
});

export const wallet = z.object({
  chain_id: z.string().min(1, 'Choose a chain.'),
  address: z.string().trim().min(1, 'Enter the address.'),
  label: z.string().trim(),
});

export const reason = z.object({ reason: z.string().trim().min(1, 'Give a reason') });
