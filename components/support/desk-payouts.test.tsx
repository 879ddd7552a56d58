// @vitest-environment happy-dom
// The payouts desk as an operator meets it: choose orders and mark them sent; the outcome of an order you marked sent
// is someone else's to record; paid needs the bank's reference and failed a reason; the payee's account on request; the
// chosen orders become a payment file for the bank.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import {
  buildPaymentFileOperation,
  getDeskPayeeOperation,
  getPayoutsDeskOperation,
  markOrdersSentOperation,
  recordPayoutOutcomeOperation,
} from '@/lib/payouts/contract/routes';

const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const COLLEAGUE = '0b6f1c1e-0000-4000-8000-0000000000a2';
const ACCOUNT = {
  id: '0b6f1c1e-0000-4000-8000-0000000000c1',
  name: 'Main EUR',
  account_number: 'DE44500105175407324931',
  bic: 'INGHDEFFXXX',
  currency: 'EUR',
  active: true,
  created_by_user_id: COLLEAGUE,
  created_at: '2026-11-29T09:00:00.000Z',
};
const order = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `0b6f1c1e-0000-4000-8000-00000000f00${n}`,
  org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
  org_name: 'Acme Trading Ltd',
  batch_id: '0b6f1c1e-0000-4000-8000-0000000000bb',
  status: 'DEPOSIT_RECEIVED',
  beneficiary_amount: `${n}00.00`,
  beneficiary_currency: 'EUR',
  beneficiary_name: `Supplier ${n} GmbH`,
  beneficiary_country: 'DE',
  bank_name: 'Commerzbank',
  swift_bic: 'COBADEFFXXX',
  account_last4: '3000',
  tracking_reference: null,
  bank_reference: null,
  failure_message: null,
  payout_account_id: null,
  sent_by_user_id: null,
  payment_file_id: null,
  updated_at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});
const sent = (n: number, by: string) =>
  order(n, {
    status: 'PAYING_BENEFICIARY',
    tracking_reference: `9d3c1a52-1b7e-4c1e-9a0b-00000000000${n}`,
    sent_by_user_id: by,
    payout_account_id: ACCOUNT.id,
  });
const DESK = {
  to_pay: [
    {
      currency: 'EUR',
      payout_account: ACCOUNT,
      orders: [order(1), order(2), order(5, { payment_file_id: '0b6f1c1e-0000-4000-8000-0000000000e1' })],
    },
  ],
  in_flight: [{ currency: 'EUR', payout_account: ACCOUNT, orders: [sent(3, ME), sent(4, COLLEAGUE)] }],
};

vi.mock('@/lib/platform/browser/queries', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/queries')>()),
  useApiQuery: (operation: { id: string }) => ({
    isPending: false,
    isError: false,
    data: operation.id === 'listPaymentFiles' ? { data: [] } : DESK,
  }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { DeskPayouts } = await import('./desk-payouts');

function renderDesk(queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <DeskPayouts me={ME} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => apiFetch.mockReset());

describe('payouts desk', () => {
  it('marks the chosen orders sent in one request', async () => {
    apiFetch.mockResolvedValue({ data: [sent(1, ME), sent(2, ME)] });
    const user = renderDesk();
    const markSent = screen.getByRole('button', { name: /Mark\s+sent/ });
    expect((markSent as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText(`Choose order ${order(1).id}`));
    await user.click(screen.getByLabelText(`Choose order ${order(2).id}`));
    await user.click(screen.getByRole('button', { name: 'Mark 2 sent' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(markOrdersSentOperation, {
        body: { order_ids: [order(1).id, order(2).id] },
      }),
    );
    expect(await screen.findByText('2 orders marked sent')).toBeTruthy();
  });

  it('does not offer an order already in a payment file', () => {
    renderDesk();
    expect(screen.queryByLabelText(`Choose order ${order(5).id}`)).toBeNull();
    expect(screen.getByText('In a payment file')).toBeTruthy();
  });

  it('builds a payment file of the chosen orders', async () => {
    apiFetch.mockResolvedValue({ transaction_count: 2, filename: 'pain001-EUR-0b6f.xml' });
    const queryClient = new QueryClient();
    const refreshed = vi.spyOn(queryClient, 'invalidateQueries');
    const user = renderDesk(queryClient);
    const build = screen.getByRole('button', { name: 'Build payment file' });
    expect((build as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText(`Choose order ${order(1).id}`));
    await user.click(screen.getByLabelText(`Choose order ${order(2).id}`));
    await user.click(build);
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(buildPaymentFileOperation, {
        body: { order_ids: [order(1).id, order(2).id] },
      }),
    );
    expect(await screen.findByText('Payment file built: 2 transactions')).toBeTruthy();
    // The desk is read again, so the filed orders stop offering a checkbox (e2e/live/payment-files.spec.ts saw them).
    expect(refreshed).toHaveBeenCalledWith({ queryKey: [getPayoutsDeskOperation.id] });
  });

  it('leaves the outcome of an order I marked sent to someone else', () => {
    renderDesk();
    expect(screen.getByText('You marked it sent: someone else records its outcome.')).toBeTruthy();
    expect(screen.queryByLabelText(`Bank reference of order ${sent(3, ME).id}`)).toBeNull();
  });

  it("records paid with the bank's reference, and failed only with a reason", async () => {
    apiFetch.mockResolvedValue(sent(4, COLLEAGUE));
    const user = renderDesk();
    const id = sent(4, COLLEAGUE).id;
    const row = screen.getByLabelText(`Bank reference of order ${id}`).closest('tr')!;
    const paid = within(row).getByRole('button', { name: 'Paid' });
    const failed = within(row).getByRole('button', { name: 'Failed' });
    expect((paid as HTMLButtonElement).disabled).toBe(true);
    expect((failed as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(row).getByLabelText(`Bank reference of order ${id}`), 'BANKREF-77');
    await user.click(paid);
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(recordPayoutOutcomeOperation, {
        params: { orderId: id },
        body: { outcome: 'paid', bank_reference: 'BANKREF-77' },
      }),
    );
    await user.type(within(row).getByLabelText(`Failure reason of order ${id}`), 'Account closed');
    await user.click(failed);
    await waitFor(() =>
      expect(apiFetch).toHaveBeenLastCalledWith(recordPayoutOutcomeOperation, {
        params: { orderId: id },
        body: { outcome: 'failed', reason: 'Account closed' },
      }),
    );
  });

  it("shows a payee's full account only when asked (a staff read)", async () => {
    apiFetch.mockResolvedValue({
      order_id: order(1).id,
      beneficiary_name: 'Supplier 1 GmbH',
      beneficiary_country: 'DE',
      bank_name: 'Commerzbank',
      bank_country: 'DE',
      swift_bic: 'COBADEFFXXX',
      iban: 'DE89370400440532013000',
      account_number: null,
      routing_code: null,
      routing_code_type: null,
    });
    const user = renderDesk();
    expect(screen.queryByText('DE89370400440532013000')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: /Show account/ })[0]!);
    expect(await screen.findByText('DE89370400440532013000')).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(getDeskPayeeOperation, {
      params: { orgId: order(1).org_id, orderId: order(1).id },
    });
  });
});
