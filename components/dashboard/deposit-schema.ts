// Owns the rules of the sandbox deposit form, loaded after the page (see lib/browser/lazy-schema.ts).
import { z } from 'zod';
import { DECIMAL_STRING } from '@/lib/money/facts';

export const sandboxDeposit = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount')
    .regex(DECIMAL_STRING, 'Use digits and a dot, such as 250.00')
    .refine((value) => (value.split('.')[1]?.length ?? 0) <= 6, 'At most 6 decimals')
    .refine((value) => !/^0+(\.0+)?$/.test(value), 'Must be more than zero'),
  chain: z.string().min(1),
});
