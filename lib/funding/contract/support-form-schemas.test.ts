// Unit tests of the Custody page's funding forms: what they hand on is what the operations accept, and what the
// operations refuse the forms refuse in words, so the forms and the API cannot drift apart.
import { describe, expect, it } from 'vitest';
import { depositAddress, manualDeposit } from './support-form-schemas';
import { enterDepositAddressBody, recordManualDepositBody } from './support-schemas';

const ACME = { id: '0b6f1c1e-0000-4000-8000-0000000000aa', name: 'Acme Trading Ltd' };
const HASH = `0x${'Ab'.repeat(32)}`;
const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('recording a deposit', () => {
  it('hands on an amount typed with separators and a pasted hash, which the operation accepts', () => {
    const values = manualDeposit.parse({
      organization: ACME,
      chain: 'ethereum',
      amount: '1,000.5',
      transaction_hash: ` ${HASH} `,
    });
    const body = {
      org_id: values.organization!.id,
      chain: values.chain,
      amount: values.amount,
      transaction_hash: values.transaction_hash,
    };
    expect(body).toEqual({ org_id: ACME.id, chain: 'ethereum', amount: '1000.5', transaction_hash: HASH });
    expect(recordManualDepositBody.safeParse(body).success).toBe(true);
  });

  it('says every problem at once: no organization, no chain, a zero amount, a short hash', () => {
    expect(
      problems(
        manualDeposit.safeParse({ organization: null, chain: '', amount: '0', transaction_hash: '0x12' }),
      ),
    ).toEqual([
      'organization: Choose the organization',
      'chain: Choose the chain',
      'amount: Must be greater than zero',
      'transaction_hash: The transaction hash: 64 hex characters, 0x-prefixed on Ethereum',
    ]);
    expect(
      recordManualDepositBody.safeParse({
        org_id: ACME.id,
        chain: 'tron',
        amount: '0',
        transaction_hash: HASH,
      }).success,
    ).toBe(false);
  });
});

describe('entering a deposit address', () => {
  it('asks for the address and hands on a pasted one trimmed, which the operation accepts', () => {
    expect(problems(depositAddress.safeParse({ organization: ACME, chain: 'tron', address: '  ' }))).toEqual([
      "address: The organization's address on the chain",
    ]);
    const values = depositAddress.parse({
      organization: ACME,
      chain: 'tron',
      address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ',
    });
    expect(values.address).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(enterDepositAddressBody.safeParse({ address: values.address }).success).toBe(true);
  });
});
