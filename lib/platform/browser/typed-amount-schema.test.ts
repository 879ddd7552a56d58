// Unit tests of the typed-amount field as the forms use it: the withdrawal, the sandbox deposit and the maker-checker
// threshold read amounts as the batch form does, and hand on the wire's decimal string.
import { describe, expect, it } from 'vitest';
import { sandboxDeposit } from '@/lib/funding/contract/form-schemas';
import { withdrawal } from '@/lib/liquidity/contract/form-schemas';
import { makerChecker } from '@/lib/payouts/contract/form-schemas';
import { typedAmountField } from './typed-amount-schema';

const problems = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the typed amount of a form', () => {
  it('hands on the amount as the wire writes it, and refuses what the reader refuses in its words', () => {
    expect(typedAmountField('USDT').parse(' 1,250.50 ')).toBe('1250.50');
    expect(problems(typedAmountField('USDT').safeParse('1250,50'))).toEqual([
      'Use a point for decimals: 1250.50',
    ]);
    expect(problems(typedAmountField('USDT').safeParse(''))).toEqual(['Enter an amount']);
    expect(typedAmountField('USDT', { optional: true }).parse('  ')).toBe('');
  });

  it('is the rule of the withdrawal, the sandbox deposit and the maker-checker threshold', () => {
    const wallet = { wallet_id: '0b6f1c1e-0000-4000-8000-00000000000a' };
    expect(withdrawal.parse({ ...wallet, amount: '4,200.00' }).amount).toBe('4200.00');
    expect(problems(withdrawal.safeParse({ ...wallet, amount: '4200,00' }))).toEqual([
      'Use a point for decimals: 4200.00',
    ]);
    expect(sandboxDeposit.parse({ amount: '1 000.5', chain: 'tron' }).amount).toBe('1000.5');
    expect(problems(sandboxDeposit.safeParse({ amount: '1,5', chain: 'tron' }))).toEqual([
      'Use a point for decimals: 1.5',
    ]);
    const policy = { require_separate_confirmer: true };
    expect(makerChecker.parse({ ...policy, threshold_usdt: '10,000.00' }).threshold_usdt).toBe('10000.00');
    expect(makerChecker.parse({ ...policy, threshold_usdt: '' }).threshold_usdt).toBe('');
    expect(problems(makerChecker.safeParse({ ...policy, threshold_usdt: '0' }))).toEqual([
      'Must be greater than zero',
    ]);
  });
});
