// @vitest-environment happy-dom
// The Custody page's withdrawals as an operator meets them: the approved ones waiting to be sent, each with its
// organization, address and amount; recording one's transaction needs a well-formed hash, sends an empty custodian
// reference as none, and the withdrawal leaves the list; a refusal from the server is shown in its words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { recordWithdrawalExecutionOperation } from '@/lib/liquidity/contract/routes';
import { PayoutApiError } from '@/lib/platform/browser/api';

const HASH = `0x${'cd'.repeat(32)}`;
const withdrawal = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `0b6f1c1e-0000-4000-8000-00000000e00${n}`,
  org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
  org_name: `Client ${n} Ltd`,
  chain: 'ethereum',
  amount: `${n}000`,
  wallet_address: `0x${`${n}`.repeat(40)}`,
  created_at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});
let awaiting = [
  withdrawal(1),
  withdrawal(2, { chain: 'tron', wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
];

// The list is answered from `awaiting`, the recording by `answer` (set per test), so the page's own refetch after a
// recording shows the list as the API would.
const answer = vi.fn();
const apiFetch = vi.fn(async (operation: { id: string }, args: unknown) =>
  operation.id === 'listWithdrawalsAwaitingExecution' ? { data: awaiting } : answer(operation, args),
);
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: [{ id: string }, unknown]) => apiFetch(...args),
}));

const { CustodyWithdrawals } = await import('./custody-withdrawals');

async function renderWithdrawals() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CustodyWithdrawals />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: 'Withdrawals waiting to be sent from custody' });
  return userEvent.setup();
}

async function openRecord(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`Record transaction for ${name}`) }));
  return screen.findByRole('dialog', { name: "Record the withdrawal's transaction" });
}

beforeEach(() => {
  apiFetch.mockClear();
  answer.mockReset();
  awaiting = [
    withdrawal(1),
    withdrawal(2, { chain: 'tron', wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
  ];
});

describe('withdrawals waiting to be sent from custody', () => {
  it('lists each with its organization, chain, amount in the platform format and address', async () => {
    await renderWithdrawals();
    const row = screen.getByText('Client 2 Ltd').closest('tr')!;
    expect(within(row).getByText('TRON')).toBeTruthy();
    expect(within(row).getByText('2,000.00 USDT')).toBeTruthy();
    expect(within(row).getByText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    awaiting = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <CustodyWithdrawals />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Nothing to send')).toBeTruthy();
  });

  it('refuses a malformed hash in words, sending nothing', async () => {
    const user = await renderWithdrawals();
    const dialog = await openRecord(user, 'Client 1 Ltd');
    expect(
      within(dialog).getByText(/1,000.00 USDT to 0x1111111111111111111111111111111111111111 on Ethereum/),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Transaction hash'), '0xnothex');
    await user.click(within(dialog).getByRole('button', { name: 'Record transaction' }));
    expect(
      await within(dialog).findByText(
        'The transaction hash: 64 hex characters, 0x-prefixed on Ethereum',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();
  });

  it('with chain custody, says the recorded transaction completes once the chain confirms it, not that it is done', async () => {
    answer.mockImplementation(async () => {
      awaiting = awaiting.slice(1);
      return { status: 'PROCESSING', sub_status: 'broadcasting' };
    });
    const user = await renderWithdrawals();
    const dialog = await openRecord(user, 'Client 1 Ltd');
    await user.type(within(dialog).getByLabelText('Transaction hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Record transaction' }));
    expect(
      await screen.findByText('Transaction recorded for 1,000.00 USDT', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      screen.getByText('The withdrawal completes once the chain confirms the transaction.'),
    ).toBeTruthy();
    expect(screen.queryByText('Withdrawal of 1,000.00 USDT completed')).toBeNull();
  });

  it('records the transaction (no custodian reference sent when empty) and the withdrawal leaves the list', async () => {
    answer.mockImplementation(async () => {
      awaiting = awaiting.slice(1);
      return { status: 'COMPLETED' };
    });
    const user = await renderWithdrawals();
    const dialog = await openRecord(user, 'Client 1 Ltd');
    await user.type(within(dialog).getByLabelText('Transaction hash'), ` ${HASH} `);
    await user.click(within(dialog).getByRole('button', { name: 'Record transaction' }));
    expect(
      await screen.findByText('Withdrawal of 1,000.00 USDT completed', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(recordWithdrawalExecutionOperation, {
      params: { orgId: withdrawal(1).org_id, withdrawalId: withdrawal(1).id },
      body: { transaction_hash: HASH, custody_reference: undefined },
    });
    await waitFor(() => expect(screen.queryByText('Client 1 Ltd')).toBeNull());
    expect(screen.getByText('Client 2 Ltd')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    answer.mockRejectedValue(
      new PayoutApiError({
        status: 409,
        message: 'the withdrawal is no longer waiting to be sent',
        messages: ['the withdrawal is no longer waiting to be sent'],
        fieldErrors: [],
        code: 'invalid_state',
        requestId: null,
        headers: new Headers(),
        body: null,
      } as ConstructorParameters<typeof PayoutApiError>[0]),
    );
    const user = await renderWithdrawals();
    const dialog = await openRecord(user, 'Client 1 Ltd');
    await user.type(within(dialog).getByLabelText('Transaction hash'), HASH);
    await user.type(within(dialog).getByLabelText("Custodian's reference (optional)"), 'FB-7731');
    await user.click(within(dialog).getByRole('button', { name: 'Record transaction' }));
    expect(
      await within(dialog).findByText(
        'the withdrawal is no longer waiting to be sent',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(recordWithdrawalExecutionOperation, {
      params: { orgId: withdrawal(1).org_id, withdrawalId: withdrawal(1).id },
      body: { transaction_hash: HASH, custody_reference: 'FB-7731' },
    });
  });
});
