// Unit tests of the payouts forms' rules: each refuses what the API's wire schema refuses and hands on what it accepts,
// so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { createPayoutAccountBody } from './desk-schemas';
import { batchReference, draftReference, makerChecker, payoutAccount } from './form-schemas';
import { createBatchBody, listBatchesQuery, updateApprovalPolicyBody } from './schemas';

const problems = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('a batch reference typed into a form', () => {
  it('is refused when too long, by the form as by createBatch and the batches list', () => {
    const long = 'r'.repeat(141);
    expect(createBatchBody.shape.client_reference.safeParse(long).success).toBe(false);
    expect(listBatchesQuery.shape.client_reference.safeParse(long).success).toBe(false);
    expect(problems(draftReference.safeParse({ client_reference: long }))).toEqual([
      'At most 140 characters',
    ]);
    expect(problems(batchReference.safeParse({ reference: long }))).toEqual(['At most 140 characters']);
  });

  it('is trimmed, and empty means none', () => {
    const fitting = 'r'.repeat(140);
    expect(createBatchBody.shape.client_reference.safeParse(fitting).success).toBe(true);
    expect(draftReference.parse({ client_reference: ` ${fitting} ` })).toEqual({ client_reference: fitting });
    expect(draftReference.parse({ client_reference: '  ' })).toEqual({ client_reference: '' });
    expect(batchReference.parse({ reference: '' })).toEqual({ reference: '' });
  });
});

describe('the maker-checker threshold', () => {
  it('hands on what the API takes, and refuses with the API what it refuses', () => {
    const policy = { require_separate_confirmer: true };
    const wire = updateApprovalPolicyBody.shape.threshold_usdt;
    expect(
      wire.safeParse(makerChecker.parse({ ...policy, threshold_usdt: '10,000.00' }).threshold_usdt).success,
    ).toBe(true);
    expect(wire.safeParse('0.0000001').success).toBe(false);
    expect(makerChecker.safeParse({ ...policy, threshold_usdt: '0.0000001' }).success).toBe(false);
    expect(wire.safeParse('0').success).toBe(false);
    expect(problems(makerChecker.safeParse({ ...policy, threshold_usdt: '0' }))).toEqual([
      'Must be greater than zero',
    ]);
  });
});

describe('a payout account typed into the console', () => {
  const typed = {
    name: ' EUR account ',
    account_number: 'DE89 3704 0044 0532 0130 00',
    bic: 'cobadeff',
    currency: 'eur',
  };

  it('hands on what createPayoutAccount accepts, spaces and lower case included', () => {
    const parsed = payoutAccount.parse(typed);
    expect(parsed.name).toBe('EUR account');
    expect(createPayoutAccountBody.parse(parsed)).toEqual({
      name: 'EUR account',
      account_number: 'DE89370400440532013000',
      bic: 'COBADEFF',
      currency: 'EUR',
    });
  });

  it('refuses, in words, what createPayoutAccount refuses', () => {
    const bad = { name: '', account_number: '12-34', bic: 'COBADE', currency: 'EURO' };
    expect(createPayoutAccountBody.safeParse(bad).success).toBe(false);
    expect(problems(payoutAccount.safeParse(bad))).toEqual([
      "The account's name, e.g. EUR operating account",
      'An IBAN or account number: 6 to 34 letters and digits',
      'A BIC of 8 or 11 letters and digits, e.g. DEUTDEFF',
      'A currency code, e.g. EUR',
    ]);
  });
});
