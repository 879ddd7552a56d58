// Owns the rules of the sandbox deposit form, loaded after the page (see lib/platform/browser/lazy-schema.ts). The amount is
// read as every typed amount is (lib/platform/money/typed-amount.ts): 1,000.50 is sent as 1000.50, 1000,50 is refused.
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { USDT } from '@/lib/platform/money/facts';

export const sandboxDeposit = z.object({
  amount: typedAmountField(USDT),
  chain: z.string().min(1),
});
