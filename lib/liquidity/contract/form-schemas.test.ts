// Unit tests of the liquidity forms' rules: each refuses what the operation's wire schema refuses (in a person's words)
// and hands on what it accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { reason, wallet, withdrawal } from './form-schemas';
import { createWalletBody, createWithdrawalBody, rejectWithdrawalBody } from './schemas';

const problems = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const UUID = '0b6f1c1e-0000-4000-8000-00000000000a';

describe('the withdrawal form', () => {
  it('hands on a body createWithdrawal takes, and asks for the wallet it needs', () => {
    const values = withdrawal.parse({ wallet_id: UUID, amount: '4,200.50' });
    expect(createWithdrawalBody.safeParse(values).success).toBe(true);
    expect(problems(withdrawal.safeParse({ wallet_id: '', amount: '1' }))).toEqual([
      'wallet_id: Choose a wallet from the address book.',
    ]);
    expect(createWithdrawalBody.safeParse({ wallet_id: UUID, amount: '0.0000001' }).success).toBe(false);
    expect(withdrawal.safeParse({ wallet_id: UUID, amount: '0.0000001' }).success).toBe(false);
  });
});

describe('the address-book form', () => {
  it('refuses an address or label the API refuses, and sends no empty label', () => {
    const chain = { chain_id: UUID };
    const long = 'a'.repeat(129);
    expect(createWalletBody.safeParse({ ...chain, address: long }).success).toBe(false);
    expect(problems(wallet.safeParse({ ...chain, address: long, label: '' }))).toEqual([
      'address: At most 128 characters',
    ]);
    expect(problems(wallet.safeParse({ chain_id: '', address: ' ', label: 'l'.repeat(101) }))).toEqual([
      'chain_id: Choose a chain.',
      'address: Enter the address.',
      'label: At most 100 characters',
    ]);
    expect(wallet.parse({ ...chain, address: ' TXyz ', label: '' })).toEqual({
      ...chain,
      address: 'TXyz',
      label: '',
    });
  });
});

describe('the reject or cancel reason', () => {
  it('is refused empty or over 500 characters, as rejectWithdrawal refuses it', () => {
    for (const text of ['  ', 'r'.repeat(501)]) {
      expect(rejectWithdrawalBody.safeParse({ reason: text }).success).toBe(false);
      expect(reason.safeParse({ reason: text }).success).toBe(false);
    }
    expect(problems(reason.safeParse({ reason: '' }))).toEqual(['reason: Give a reason']);
    expect(reason.parse({ reason: ' Wrong wallet ' })).toEqual({ reason: 'Wrong wallet' });
  });
});
