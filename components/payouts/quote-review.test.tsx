// @vitest-environment happy-dom
// The quote review as an approver or a member meets it: the total to fund beside the balance, Confirm refused with the
// reason (a member, a short balance), and a confirm that sends the digest of what the page showed.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider, type PortalContextValue } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import type { BatchWithOrders } from './api';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
}));

let available = '10000.00';
/** The confirm request, one call per request sent; it never answers, as a slow network would not yet have. */
const confirmBatch = vi.fn((_digest: string) => new Promise<never>(() => {}));
const idle = () => ({ mutate: vi.fn(), isPending: false });
vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  useBalance: () => ({ data: { available } }),
  useApprovalPolicy: () => ({ data: { require_separate_confirmer: false, threshold_usdt: null } }),
  useBusinessClockOffset: () => 0,
  // The real mutation state (isPending and all) over a counted request, as the page's own hook has it.
  useConfirmBatch: () => useMutation({ mutationFn: confirmBatch }),
  useRequoteBatch: idle,
  useDiscardBatch: idle,
}));

const { QuoteReview } = await import('./quote-review');

const BENEFICIARY = '0b6f1c1e-0000-4000-8000-000000000002';
const DATA = {
  batch: {
    id: '0b6f1c1e-0000-4000-8000-0000000000b1',
    status: 'AWAITING_CONFIRMATION',
    source_amount_total: '1372.45',
    quote_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    review_digest: 'digest-of-what-was-shown',
    review_outdated_at: null,
    created_by: { type: 'user', id: 'someone-else' },
  },
  orders: [
    {
      id: '0b6f1c1e-0000-4000-8000-0000000000c1',
      beneficiary_profile_id: BENEFICIARY,
      beneficiary_amount: '1250.50',
      beneficiary_currency: 'EUR',
      fee_amount: '5.00',
      fee_type: 'OUR',
      purpose_code: 'GDSP',
      source_amount: '1372.45',
      client_reference: 'INV-2026-114',
    },
  ],
} as unknown as BatchWithOrders;

function renderReview(role: PortalContextValue['role']): ReturnType<typeof userEvent.setup> {
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ role, sandbox: false, userId: 'me' }}>
        <ToastProvider>{children}</ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>
  );
  render(
    wrap(
      <QuoteReview
        data={DATA}
        names={new Map([[BENEFICIARY, 'Rhein Logistik']])}
        onReload={async () => {}}
      />,
    ),
  );
  return userEvent.setup();
}

describe('the quote review', () => {
  beforeEach(() => {
    available = '10000.00';
    confirmBatch.mockClear();
  });

  it('shows the total to fund, the balance, and each order with its beneficiary', () => {
    renderReview('approver');
    expect(screen.getByTestId('batch-total').textContent).toMatch(/1,372\.45/);
    expect(screen.getByText(/10,000\.00/)).toBeTruthy();
    expect(screen.getAllByText('Rhein Logistik').length).toBeGreaterThan(0);
    expect(screen.getByText('1 order, fees included')).toBeTruthy();
  });

  it('lets a member see the batch but not confirm it, and says who can', () => {
    renderReview('member');
    const confirm = screen.getByRole('button', { name: 'Confirm batch' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Only approvers and admins can confirm a batch/)).toBeTruthy();
  });

  it('refuses to confirm when the balance is short, rounding the shortfall up', () => {
    // Short by 372.441: rounded down it would leave the balance short after depositing it.
    available = '1000.009';
    renderReview('approver');
    expect(screen.getByRole('button', { name: 'Confirm batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/Short by 372\.45/);
  });

  it('confirms with the digest of what the approver saw, after asking', async () => {
    const user = renderReview('approver');
    await user.click(screen.getByRole('button', { name: 'Confirm batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this batch?' });
    await user.click(within(dialog).getByRole('button', { name: /Confirm and hold 1,372\.45/ }));
    await waitFor(() => expect(confirmBatch).toHaveBeenCalledTimes(1));
    expect(confirmBatch.mock.calls[0]![0]).toBe('digest-of-what-was-shown');
  });

  it('sends one confirm however fast "Confirm and hold" is double-clicked, and disables it at once', async () => {
    const user = renderReview('approver');
    await user.click(screen.getByRole('button', { name: 'Confirm batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this batch?' });
    const hold = within(dialog).getByRole('button', { name: /Confirm and hold/ });
    // Two clicks back to back, before any answer and before the mutation reports itself pending.
    fireEvent.click(hold);
    fireEvent.click(hold);
    await waitFor(() => expect(confirmBatch).toHaveBeenCalled());
    expect(confirmBatch).toHaveBeenCalledTimes(1);
    expect(hold.hasAttribute('disabled')).toBe(true);
  });
});
