// Unit tests of the sandbox deposit form's rules: it refuses what createSandboxDeposit refuses and hands on what it
// accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { sandboxDeposit } from './form-schemas';
import { createSandboxDepositBody } from './schemas';

const problems = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the sandbox deposit form', () => {
  it('refuses more than one deposit may credit, as the API does', () => {
    expect(createSandboxDepositBody.safeParse({ amount: '1000000.01' }).success).toBe(false);
    expect(problems(sandboxDeposit.safeParse({ amount: '1,000,000.01', chain: 'tron' }))).toEqual([
      'At most 1,000,000 USDT per deposit',
    ]);
    const values = sandboxDeposit.parse({ amount: '1,000,000', chain: 'tron' });
    expect(values).toEqual({ amount: '1000000', chain: 'tron' });
    expect(createSandboxDepositBody.safeParse(values).success).toBe(true);
  });

  it('asks for the chain', () => {
    expect(problems(sandboxDeposit.safeParse({ amount: '10', chain: '' }))).toEqual(['Choose a chain']);
  });
});
