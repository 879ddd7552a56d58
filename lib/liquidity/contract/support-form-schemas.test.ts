// Unit tests of the liquidity back-office form rules: each refuses what the staff operation's wire schema refuses (in
// the lead's words) and hands on what it accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { loan, proof, repayment, route, utilization } from './support-form-schemas';
import {
  attachProofFields,
  createLoanBody,
  createRouteBody,
  recordRepaymentBody,
  recordUtilizationBody,
} from './support-schemas';

const problems = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const UUID = '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e';
const aLoan = {
  principal: '50000',
  interest_rate_percent: '7.25',
  drawn_amount: '0',
  status: 'ACTIVE',
  starts_on: '2026-11-01',
  due_on: '2027-02-01',
};

describe('the loan form', () => {
  it('accepts what createLoan accepts', () => {
    expect(createLoanBody.safeParse(aLoan).success).toBe(true);
    expect(loan.parse(aLoan)).toEqual(aLoan);
  });

  it('refuses what createLoan refuses, beside the field', () => {
    const cases: [Partial<typeof aLoan>, string][] = [
      [{ principal: '0' }, 'principal: Must be greater than zero'],
      [{ principal: '' }, 'principal: Enter the principal in USDT, e.g. 50000'],
      [
        { interest_rate_percent: '1000' },
        'interest_rate_percent: Enter the yearly rate in percent, e.g. 8.5',
      ],
      [{ starts_on: '' }, 'starts_on: Choose the start date'],
      [{ due_on: '2026-10-01' }, 'due_on: The due date is before the start date'],
    ];
    for (const [change, problem] of cases) {
      expect(createLoanBody.safeParse({ ...aLoan, ...change }).success).toBe(false);
      expect(problems(loan.safeParse({ ...aLoan, ...change }))).toEqual([problem]);
    }
  });
});

describe('the repayment, route, proof and utilization forms', () => {
  it('refuse a reference over 200 characters, as the API does, and send none when empty', () => {
    const long = 'r'.repeat(201);
    const paid = { amount: '1000.00', paid_at: '2026-11-01T10:00', loan_status: '' };
    expect(recordRepaymentBody.shape.reference.safeParse(long).success).toBe(false);
    expect(problems(repayment.safeParse({ ...paid, reference: long }))).toEqual([
      'reference: At most 200 characters',
    ]);
    expect(repayment.safeParse({ ...paid, reference: '' }).success).toBe(true);
    expect(recordUtilizationBody.shape.reference.safeParse(long).success).toBe(false);
    expect(
      utilization.safeParse({ amount: '1', currency: 'eur', route_id: '', reference: long }).success,
    ).toBe(false);
  });

  it('name a route and choose its corridor and chain as createRoute takes them', () => {
    const aRoute = { name: 'EUR via Acme', corridor_id: UUID, chain_id: UUID, counterparty: 'Acme' };
    expect(createRouteBody.safeParse(aRoute).success).toBe(true);
    expect(route.safeParse(aRoute).success).toBe(true);
    expect(problems(route.safeParse({ ...aRoute, name: ' ', corridor_id: '' }))).toEqual([
      'name: Name the route',
      'corridor_id: Choose a corridor',
    ]);
    expect(problems(route.safeParse({ ...aRoute, counterparty: 'c'.repeat(201) }))).toEqual([
      'counterparty: At most 200 characters',
    ]);
  });

  it('take a batch id and a hash the API takes, or none', () => {
    const file = new File(['%PDF'], 'proof.pdf');
    const settled = { file, recorded_at: '2026-11-01T10:00', transaction_hash: '' };
    expect(attachProofFields.shape.batch_id.safeParse('batch-1').success).toBe(false);
    expect(problems(proof.safeParse({ ...settled, batch_id: 'batch-1' }))).toEqual([
      'batch_id: A batch id, e.g. 0196…-…',
    ]);
    expect(proof.safeParse({ ...settled, batch_id: '' }).success).toBe(true);
    expect(proof.safeParse({ ...settled, batch_id: UUID, transaction_hash: '0xabc' }).success).toBe(true);
  });

  it('record utilization in a currency the API takes, typed in any case', () => {
    const used = { amount: '1000.00', route_id: '', reference: '' };
    expect(utilization.parse({ ...used, currency: ' eur ' }).currency).toBe('eur');
    expect(recordUtilizationBody.shape.currency.safeParse('EURO12').success).toBe(false);
    expect(problems(utilization.safeParse({ ...used, currency: 'euro12' }))).toEqual([
      'currency: A currency code, e.g. EUR',
    ]);
  });
});
