// @vitest-environment happy-dom
// The withdrawal form's amount as an approver types it: read by the same reader as a batch's amounts, so a thousands
// separator is accepted and a decimal comma is refused with the same words, never sent as another amount.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const WALLET = {
  id: '0b6f1c1e-0000-4000-8000-00000000000a',
  label: 'Treasury',
  chain: 'tron',
  address: 'TXYZabcdefghijklmnopqrstuvwxyz1234',
  status: 'ACTIVE',
};

const mutateAsync = vi.fn();
vi.mock('./queries', () => ({
  useBalance: () => ({ data: { available: '100000.000000' } }),
  useWallets: () => ({ data: { items: [WALLET] } }),
  useCreateWithdrawal: () => ({ mutateAsync }),
}));

const { RequestWithdrawal } = await import('./request-withdrawal');

async function requestWithdrawal(amount: string, beforeSending: () => void = () => {}) {
  render(<RequestWithdrawal />);
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('To wallet'), WALLET.id);
  await user.type(screen.getByLabelText('Amount (USDT)'), amount);
  beforeSending();
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  return user;
}

/** A valid amount first asks for confirmation (amount, network, wallet); nothing is sent before it is given. */
async function confirmWithdrawal(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Send this withdrawal?' });
  expect(mutateAsync).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: /^Withdraw / }));
}

describe('the withdrawal amount', () => {
  beforeEach(() => {
    mutateAsync.mockReset();
    mutateAsync.mockResolvedValue({ amount: '4200.00', status: 'SUBMITTED', sub_status: null });
  });

  it('refuses a decimal comma with the words a batch uses, and sends nothing', async () => {
    await requestWithdrawal('4200,00');
    expect(await screen.findByText('Use a point for decimals: 4200.00')).toBeTruthy();
    expect(screen.getByLabelText('Amount (USDT)').getAttribute('aria-invalid')).toBe('true');
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('refuses an ambiguous comma rather than guessing', async () => {
    await requestWithdrawal('4,200');
    expect(await screen.findByText(/^4,200 could be 4200 or 4\.2/)).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('accepts thousands separators, says how it reads them, and sends the amount as a plain decimal string', async () => {
    const user = await requestWithdrawal('4,200.50', () =>
      expect(screen.getByText('Reads as 4,200.50 USDT')).toBeTruthy(),
    );
    await confirmWithdrawal(user);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toMatchObject({
      body: { amount: '4200.50', wallet_id: WALLET.id },
    });
  });

  it('says how it reads a point before three digits, the way a thousands separator is written elsewhere', async () => {
    const user = await requestWithdrawal('1.500', () =>
      expect(screen.getByText('Reads as 1.50 USDT')).toBeTruthy(),
    );
    await confirmWithdrawal(user);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toMatchObject({ body: { amount: '1.500' } });
  });

  it('allows the 6 decimals USDT has, and no more', async () => {
    await requestWithdrawal('1.1234567');
    expect(await screen.findByText('USDT allows at most 6 decimals')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
  });
});
