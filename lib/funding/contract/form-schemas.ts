// Owns the rules of the sandbox deposit form, loaded after the page (see lib/platform/browser/lazy-schema.ts). The amount is
// read as every typed amount is (lib/platform/money/typed-amount.ts): 1,000.50 is sent as 1000.50, 1000,50 is refused;
// then it is held to createSandboxDeposit's wire schema (lib/platform/browser/wire-rule.ts), whose limit is written once.
import { z } from 'zod';
import { typedAmountField } from '@/lib/platform/browser/typed-amount-schema';
import { wireRule } from '@/lib/platform/browser/wire-rule';
import { USDT } from '@/lib/platform/money/facts';
import { createSandboxDepositBody } from './schemas';

export const sandboxDeposit = z.object({
  amount: typedAmountField(USDT).superRefine(
    wireRule(createSandboxDepositBody.shape.amount, { custom: 'At most 1,000,000 USDT per deposit' }),
  ),
  chain: z.string().superRefine(wireRule(createSandboxDepositBody.shape.chain, 'Choose a chain')),
});
