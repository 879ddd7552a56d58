// Owns the rules of the approval-policy forms, loaded after the page (see lib/browser/lazy-schema.ts).
import { z } from 'zod';

export const makerChecker = z
  .object({ require_separate_confirmer: z.boolean(), threshold_usdt: z.string().trim() })
  .superRefine((values, context) => {
    const amount = values.threshold_usdt;
    if (amount === '') return;
    if (!/^\d+(\.\d{1,6})?$/.test(amount))
      context.addIssue({
        code: 'custom',
        path: ['threshold_usdt'],
        message: 'Use digits and one decimal point, at most 6 decimals',
      });
    else if (!/[1-9]/.test(amount))
      context.addIssue({ code: 'custom', path: ['threshold_usdt'], message: 'Must be greater than zero' });
  });

export const fourEyes = z.object({
  withdrawals_require_approval: z.boolean(),
  wallets_require_approval: z.boolean(),
});
