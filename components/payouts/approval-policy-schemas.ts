// Owns the rules of the approval-policy forms, loaded after the page (see lib/platform/browser/lazy-schema.ts).
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { USDT } from '@/lib/platform/money/facts';

export const makerChecker = z.object({
  require_separate_confirmer: z.boolean(),
  // Empty: every batch; otherwise read as every typed amount is (lib/platform/money/typed-amount.ts).
  threshold_usdt: typedAmountField(USDT, { optional: true }),
});

export const fourEyes = z.object({
  withdrawals_require_approval: z.boolean(),
  wallets_require_approval: z.boolean(),
});
