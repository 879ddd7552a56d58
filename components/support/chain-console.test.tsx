// @vitest-environment happy-dom
// The Chain page as an operator meets it: the credited deposits a reorganisation removed, each with its transaction,
// log, amount, organization and times, settled with a required note as reinstated or written off; the withdrawals the
// chain did not prove, with what was expected and what the chain showed, settled as completed or failed with a
// reason. Lists show their loading, empty and error states; a refusal from the server is shown in its words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resolveChainAlertOperation } from '@/lib/funding/contract/routes';
import { reviewWithdrawalOperation } from '@/lib/liquidity/contract/routes';
import { PayoutApiError } from '@/lib/platform/browser/api';

const HASH = `0x${'ab'.repeat(32)}`;
const vanished = (n: number) => ({
  id: `0b6f1c1e-0000-4000-8000-00000000a00${n}`,
  kind: 'credited_deposit_vanished',
  chain: 'ethereum',
  org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
  org_name: `Depositor ${n} Ltd`,
  subject_id: `0b6f1c1e-0000-4000-8000-00000000d00${n}`,
  message: 'gone',
  deposit: {
    transaction_hash: `0x${`${n}`.repeat(64)}`,
    log_index: n,
    block_number: 1000 + n,
    amount: `${n}0`,
    credited_at: '2026-11-29T10:00:00.000Z',
    vanished_at: '2026-11-29T11:00:00.000Z',
  },
  resolved_at: null,
  resolution: null,
  resolution_note: null,
  resolved_by_user_id: null,
  created_at: '2026-11-29T11:00:00.000Z',
});
const flagged = {
  id: '0b6f1c1e-0000-4000-8000-00000000e001',
  org_id: '0b6f1c1e-0000-4000-8000-0000000000bb',
  org_name: 'Withdrawer Ltd',
  chain: 'ethereum',
  amount: '250',
  wallet_address: `0x${'3'.repeat(40)}`,
  transaction_hash: HASH,
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:30:00.000Z',
};
const mismatch = {
  ...vanished(9),
  id: '0b6f1c1e-0000-4000-8000-00000000a0ff',
  kind: 'withdrawal_mismatch',
  subject_id: flagged.id,
  deposit: null,
  message: 'the transaction sent 249990000 token units to the wallet; the withdrawal is 250000000 (250 USDT)',
};

let alerts: unknown[] = [];
let reviews: unknown[] = [];
let failList: string | null = null;
const answer = vi.fn();
const apiFetch = vi.fn(async (operation: { id: string }, args: unknown) => {
  if (operation.id === failList) throw new Error('down');
  if (operation.id === 'listChainAlerts') return { data: alerts };
  if (operation.id === 'listWithdrawalsNeedingReview') return { data: reviews };
  return answer(operation, args);
});
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: [{ id: string }, unknown]) => apiFetch(...args),
}));

const { ChainVanishedDeposits } = await import('./chain-vanished-deposits');
const { ChainWithdrawalReviews } = await import('@/components/liquidity/chain-withdrawal-reviews');

function show(ui: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const refusal = (message: string) =>
  new PayoutApiError({
    status: 409,
    message,
    messages: [message],
    fieldErrors: [],
    code: 'invalid_state',
    requestId: null,
    headers: new Headers(),
    body: null,
  } as ConstructorParameters<typeof PayoutApiError>[0]);

beforeEach(() => {
  apiFetch.mockClear();
  answer.mockReset();
  failList = null;
  alerts = [vanished(1), vanished(2), mismatch];
  reviews = [flagged];
});

describe('credited deposits that vanished', () => {
  it('lists each open one with its transaction, log, amount, organization and times (not the withdrawals)', async () => {
    show(<ChainVanishedDeposits />);
    const table = await screen.findByRole('region', { name: 'Credited deposits that vanished' });
    const row = within(table).getByText('Depositor 2 Ltd').closest('tr')!;
    expect(within(row).getByText(`0x${'2'.repeat(64)}`)).toBeTruthy();
    expect(within(row).getByText('Log 2, block 1002')).toBeTruthy();
    expect(within(row).getByText('20.00 USDT')).toBeTruthy();
    expect(within(row).getByText('Ethereum')).toBeTruthy();
    expect(within(table).queryByText('Withdrawer Ltd')).toBeNull();
    // Only the open ones are asked for: settled alerts keep their history elsewhere.
    expect(apiFetch).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'listChainAlerts' }),
      expect.objectContaining({ query: { status: 'open' } }),
    );
  });

  it('says when there is none', async () => {
    alerts = [mismatch];
    show(<ChainVanishedDeposits />);
    expect(await screen.findByText('No vanished deposits')).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    failList = 'listChainAlerts';
    show(<ChainVanishedDeposits />);
    expect(await screen.findByText('Could not load the chain alerts')).toBeTruthy();
  });

  it('writes one off only with a note, and it leaves the list', async () => {
    answer.mockImplementation(async () => {
      alerts = alerts.filter((alert) => (alert as { id: string }).id !== vanished(1).id);
      return {};
    });
    const user = show(<ChainVanishedDeposits />);
    await user.click(
      await screen.findByRole('button', { name: `Write off the deposit 0x${'1'.repeat(64)}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Write off the deposit' });
    expect(within(dialog).getByText(/Depositor 1 Ltd keeps the 10.00 USDT credit/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(
      await within(dialog).findByText(
        'Say what you found and why (at least 3 characters)',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Note'), 'Gone for good, INC-77');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(
      await screen.findByText('Deposit of 10.00 USDT written off', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(resolveChainAlertOperation, {
      params: { alertId: vanished(1).id },
      body: { outcome: 'written_off', note: 'Gone for good, INC-77' },
    });
    await waitFor(() => expect(screen.queryByText('Depositor 1 Ltd')).toBeNull());
    expect(screen.getByText('Depositor 2 Ltd')).toBeTruthy();
  });

  it("shows the server's refusal to reinstate in its words and keeps the dialog open", async () => {
    answer.mockRejectedValue(refusal('not reinstated: the node has no receipt for the transaction'));
    const user = show(<ChainVanishedDeposits />);
    await user.click(
      await screen.findByRole('button', { name: `Reinstate the deposit 0x${'2'.repeat(64)}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reinstate the deposit' });
    await user.type(within(dialog).getByLabelText('Note'), 'Re-mined at block 1010');
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    expect(
      await within(dialog).findByText(
        'not reinstated: the node has no receipt for the transaction',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(resolveChainAlertOperation, {
      params: { alertId: vanished(2).id },
      body: { outcome: 'reinstated', note: 'Re-mined at block 1010' },
    });
  });
});

describe('withdrawals to review', () => {
  it('lists each with what was expected, the recorded transaction and what the chain showed', async () => {
    show(<ChainWithdrawalReviews />);
    const table = await screen.findByRole('region', { name: 'Withdrawals to review' });
    const row = within(table).getByText('Withdrawer Ltd').closest('tr')!;
    expect(within(row).getByText('250.00 USDT')).toBeTruthy();
    expect(within(row).getByText(`0x${'3'.repeat(40)}`)).toBeTruthy();
    expect(within(row).getByText(HASH)).toBeTruthy();
    expect(await within(row).findByText(/249990000 token units/)).toBeTruthy();
  });

  it('says when nothing needs review', async () => {
    reviews = [];
    show(<ChainWithdrawalReviews />);
    expect(await screen.findByText('Nothing to review')).toBeTruthy();
  });

  it('settles one as failed with a reason, and it leaves the list', async () => {
    answer.mockImplementation(async () => {
      reviews = [];
      return {};
    });
    const user = show(<ChainWithdrawalReviews />);
    await user.click(
      await screen.findByRole('button', { name: 'Settle as failed: Withdrawer Ltd, 250.00 USDT' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settle the withdrawal as failed' });
    expect(within(dialog).getByText(/goes back to Withdrawer Ltd's available balance/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Reverted on chain; nothing was sent');
    await user.click(within(dialog).getByRole('button', { name: 'Fail withdrawal' }));
    expect(
      await screen.findByText(
        'Withdrawal of 250.00 USDT failed; the hold was released',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(reviewWithdrawalOperation, {
      params: { orgId: flagged.org_id, withdrawalId: flagged.id },
      body: { outcome: 'failed', reason: 'Reverted on chain; nothing was sent' },
    });
    expect(await screen.findByText('Nothing to review')).toBeTruthy();
  });
});
