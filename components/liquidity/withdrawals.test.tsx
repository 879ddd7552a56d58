// @vitest-environment happy-dom
// Withdrawals as an approver meets them: nothing leaves on one click (the request and the four-eyes approval each ask,
// naming amount, network and the wallet's label); lists show wallets by label; and the two "approval" steps read as
// what they wait on — a second person of the organization, or the custody provider.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import { getFundingBalanceOperation } from '@/lib/funding/contract/routes';
import {
  approveWithdrawalOperation,
  createWithdrawalOperation,
  listChainsOperation,
  listWalletsOperation,
  listWithdrawalsOperation,
} from '@/lib/liquidity/contract/routes';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';

const CHAIN = '0b6f1c1e-0000-4000-8000-00000000c001';
const WALLET = '0b6f1c1e-0000-4000-8000-00000000a001';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ME = '0b6f1c1e-0000-4000-8000-0000000000b1';
const OTHER = '0b6f1c1e-0000-4000-8000-0000000000b2';

function withdrawal(overrides: Partial<WithdrawalWire>): WithdrawalWire {
  return {
    id: '0b6f1c1e-0000-4000-8000-00000000d001',
    amount: '1250.50',
    chain_id: CHAIN,
    wallet_id: WALLET,
    org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
    org_name: 'Acme Trading Ltd',
    wallet_address: ADDRESS,
    transaction_hash: null,
    custody_transaction_id: null,
    status: 'SUBMITTED',
    sub_status: 'pending_approval',
    failure_reason: null,
    withdrawal_request_id: '0b6f1c1e-0000-4000-8000-00000000e001',
    requested_by: { type: 'user', id: OTHER, name: 'Ben Okafor', user_id: OTHER },
    approved_by: null,
    approval: { status: 'not_required', stages: [], rejection: null },
    // As the server answers another approver than its requester.
    actions: [
      { name: 'approve', allowed: true, reason: null },
      { name: 'reject', allowed: true, reason: null },
      { name: 'cancel', allowed: false, reason: 'Only the person who asked for it may cancel it' },
    ],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

let withdrawals: WithdrawalWire[] = [];
const DATA: Record<string, () => unknown> = {
  [getFundingBalanceOperation.id]: () => ({ available: '5000.00', held: '0.00', currency: 'USDT' }),
  [listWalletsOperation.id]: () => ({
    items: [
      {
        id: WALLET,
        chain_id: CHAIN,
        chain: 'tron',
        address: ADDRESS,
        label: 'Treasury cold wallet',
        status: 'ACTIVE',
        usable_from: '2026-11-01T00:00:00.000Z',
        removed_at: null,
        added_by: null,
        approved_by: null,
        created_at: '2026-11-01T00:00:00.000Z',
      },
    ],
    meta: { total: 1 },
  }),
  [listChainsOperation.id]: () => ({
    items: [{ id: CHAIN, code: 'tron', name: 'TRON' }],
    meta: { total: 1 },
  }),
  [listWithdrawalsOperation.id]: () => ({ items: withdrawals, meta: { total: withdrawals.length } }),
};

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: (operation: { id: string }) => ({
    isPending: false,
    isError: false,
    error: null,
    data: DATA[operation.id]?.(),
    refetch: () => undefined,
  }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));
const search = new URLSearchParams();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  usePathname: () => '/withdrawals',
  useSearchParams: () => search,
}));

const { RequestWithdrawal } = await import('./request-withdrawal');
const { PendingWithdrawals } = await import('./pending-withdrawals');
const { WithdrawalsView } = await import('./withdrawals-view');

function renderAsApprover(children: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ userId: ME, role: 'approver', sandbox: true }}>
        <ToastProvider>{children}</ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('withdrawals ask before money leaves', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    withdrawals = [];
  });

  it('a withdrawal asks for confirmation naming amount, network and wallet label, and is sent only on confirm', async () => {
    apiFetch.mockResolvedValue(withdrawal({ sub_status: 'awaiting_approval' }));
    const user = renderAsApprover(<RequestWithdrawal />);
    await user.selectOptions(screen.getByLabelText('To wallet'), WALLET);
    await user.type(screen.getByLabelText('Amount (USDT)'), '1250.50');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this withdrawal?' });
    expect(dialog.textContent).toContain('1,250.50 USDT to Treasury cold wallet on TRON');
    expect(apiFetch).not.toHaveBeenCalled();

    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(apiFetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const again = await screen.findByRole('dialog', { name: 'Send this withdrawal?' });
    await user.click(within(again).getByRole('button', { name: 'Withdraw 1,250.50 USDT' }));
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(apiFetch).toHaveBeenCalledWith(createWithdrawalOperation, {
      body: { amount: '1250.50', wallet_id: WALLET },
      idempotencyKey: expect.any(String),
    });
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('the second approver confirms amount, network and wallet label before approving', async () => {
    withdrawals = [withdrawal({})];
    apiFetch.mockResolvedValue(withdrawal({ sub_status: 'awaiting_approval' }));
    const user = renderAsApprover(<PendingWithdrawals />);
    const card = screen.getByTestId('pending-withdrawal');
    expect(card.textContent).toContain('1,250.50 USDT to Treasury cold wallet on TRON');
    expect(card.textContent).toContain('Waiting for a second approver · requested by Ben Okafor');

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog.textContent).toContain('1,250.50 USDT to Treasury cold wallet on TRON');
    expect(dialog.textContent).toContain(ADDRESS);
    expect(apiFetch).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Approve 1,250.50 USDT' }));
    await waitFor(
      () =>
        expect(apiFetch).toHaveBeenCalledWith(approveWithdrawalOperation, {
          params: { withdrawalId: withdrawal({}).id },
        }),
      { timeout: 10_000 },
    );
  });

  it('its requester, as the server says, may only cancel it', () => {
    withdrawals = [
      withdrawal({
        actions: [
          { name: 'approve', allowed: false, reason: 'You asked for this withdrawal' },
          { name: 'reject', allowed: false, reason: 'You asked for this withdrawal' },
          { name: 'cancel', allowed: true, reason: null },
        ],
      }),
    ];
    renderAsApprover(<PendingWithdrawals />);
    const card = screen.getByTestId('pending-withdrawal');
    expect(within(card).getByRole('button', { name: 'Cancel withdrawal' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(card.textContent).toContain('You requested this withdrawal');
  });

  it('the list names the wallet by its label and each approval step by whose approval it waits for', () => {
    withdrawals = [
      withdrawal({}),
      withdrawal({ id: '0b6f1c1e-0000-4000-8000-00000000d002', sub_status: 'awaiting_approval' }),
    ];
    renderAsApprover(<WithdrawalsView />);
    const rows = screen.getAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Treasury cold wallet');
    expect(rows[0]!.textContent).not.toContain(ADDRESS.slice(0, 6));
    expect(rows[0]!.textContent).toContain('waiting for a second approver');
    expect(rows[1]!.textContent).toContain('waiting for custody approval');
    for (const row of rows) expect(row.textContent).not.toMatch(/pending approval|awaiting approval/i);
  });
});
