// Unit tests of the support console's form rules: each refuses what the staff operation's wire schema refuses (in the
// lead's words) and hands on what it accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { accessReason, clearance, corridor, margin, rate, rejection } from './form-schemas';
import { reviewDecisionBody } from './reviews-schemas';
import { publishRateBody, setMarginBody, startViewBody, updateCorridorBody } from './schemas';

const problems = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the reasons the lead gives', () => {
  it('are refused under 3 or over 500 characters, by the form as by the API', () => {
    for (const reason of ['ab', 'r'.repeat(501)]) {
      expect(startViewBody.shape.reason.safeParse(reason).success).toBe(false);
      expect(reviewDecisionBody.shape.reason.safeParse(reason).success).toBe(false);
      expect(accessReason.safeParse({ reason }).success).toBe(false);
      expect(rejection.safeParse({ reason }).success).toBe(false);
    }
    expect(problems(accessReason.safeParse({ reason: ' ab ' }))).toEqual([
      'Give the ticket reference or why you need to look',
    ]);
    expect(problems(clearance.safeParse({ reason: '' }))).toEqual([
      'Say why the screening hit is cleared (at least 3 characters)',
    ]);
    expect(problems(rejection.safeParse({ reason: 'r'.repeat(501) }))).toEqual(['At most 500 characters']);
    expect(rejection.parse({ reason: '  Blurry passport  ' })).toEqual({ reason: 'Blurry passport' });
  });
});

describe('the pricing forms', () => {
  it('publish a rate the API takes: any-case currency, a positive decimal', () => {
    expect(rate.parse({ currency: ' eur ', units_per_usdt: '0.92' })).toEqual({
      currency: 'eur',
      units_per_usdt: '0.92',
    });
    expect(publishRateBody.safeParse({ currency: 'EURO', units_per_usdt: '0.92' }).success).toBe(false);
    expect(problems(rate.safeParse({ currency: 'euro', units_per_usdt: '0.92' }))).toEqual([
      'A currency code, e.g. EUR',
    ]);
    expect(publishRateBody.safeParse({ currency: 'EUR', units_per_usdt: '0' }).success).toBe(false);
    expect(problems(rate.safeParse({ currency: 'EUR', units_per_usdt: '0' }))).toEqual([
      'Must be greater than zero',
    ]);
    expect(problems(rate.safeParse({ currency: 'EUR', units_per_usdt: '0,92' }))).toEqual([
      'Units of the currency one USDT buys, e.g. 0.92',
    ]);
  });

  it('change a corridor and set a margin as the API takes them', () => {
    expect(updateCorridorBody.safeParse({ min_amount: '1e3' }).success).toBe(false);
    expect(problems(corridor.safeParse({ status: 'ACTIVE', min_amount: '1e3', max_amount: '100' }))).toEqual([
      'A decimal amount, e.g. 10',
    ]);
    expect(corridor.safeParse({ status: 'PAUSED', min_amount: '1', max_amount: '2' }).success).toBe(false);
    const organization = { id: 'o-1', name: 'Acme' };
    expect(setMarginBody.shape.margin_bps.safeParse('-5').success).toBe(false);
    expect(problems(margin.safeParse({ organization, currency: 'EUR', margin_bps: '-5' }))).toEqual([
      'Basis points, e.g. 35',
    ]);
    expect(problems(margin.safeParse({ organization: null, currency: 'EUR', margin_bps: '35' }))).toEqual([
      'Choose the organization',
    ]);
  });
});
