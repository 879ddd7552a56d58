// @vitest-environment happy-dom
// The quote review as an approver or a member meets it: who made the batch, where each order goes, the total to fund
// beside the balance, Confirm refused with the reason (a member, a short balance, one of the batch's makers), a confirm
// that sends the digest of what the page showed — once however fast the click — and what changed after a re-review.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider, type PortalContextValue } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
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
    makers: [
      { type: 'user', id: 'someone-else', name: 'Ana Ruiz', user_id: 'someone-else' },
      { type: 'api_key', id: 'key-of-ci', name: 'Treasury integration', user_id: null },
    ],
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

const PAYEES = new Map([
  [
    BENEFICIARY,
    { name: 'Rhein Logistik', bank_name: 'Commerzbank', iban_last4: '3000', account_number_last4: null },
  ],
]);

type Payees = typeof PAYEES;

function renderReview(
  role: PortalContextValue['role'],
  options: { data?: BatchWithOrders; onReload?: () => Promise<unknown> } = {},
) {
  const client = new QueryClient();
  const wrap = (data: BatchWithOrders, payees: Payees) => (
    <QueryClientProvider client={client}>
      <PortalContextProvider value={{ role, sandbox: false, userId: 'me' }}>
        <ToastProvider>
          <QuoteReview data={data} payees={payees} onReload={options.onReload ?? (async () => {})} />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(options.data ?? DATA, PAYEES));
  return {
    user: userEvent.setup(),
    /** What the page shows after a fresh read. */
    reread: (data: BatchWithOrders, payees: Payees) => view.rerender(wrap(data, payees)),
  };
}

const withMakers = (makers: BatchWithOrders['batch']['makers']) =>
  ({ ...DATA, batch: { ...DATA.batch, makers } }) as BatchWithOrders;

/** The server's verdict on Confirm for this caller (null: allowed), as the batch's `actions` carry it. */
const withConfirm = (reason: string | null, data: BatchWithOrders = DATA) =>
  ({
    ...data,
    batch: { ...data.batch, actions: [{ name: 'confirm', allowed: reason === null, reason }] },
  }) as BatchWithOrders;

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
    expect(
      screen.getByText(/1 order\. The amount to fund includes the provider’s exchange rate and fees\./),
    ).toBeTruthy();
  });

  it('lets a member see the batch but not confirm it, and says who can, in the server’s words', () => {
    renderReview('member', {
      data: withConfirm(
        'Only approvers and admins can confirm a batch: ask one of them to review and confirm it',
      ),
    });
    const confirm = screen.getByRole('button', { name: 'Confirm batch' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Only approvers and admins can confirm a batch/)).toBeTruthy();
  });

  it('says what the approval rules still need, as the server says it, and offers no Confirm meanwhile', () => {
    renderReview('approver', { data: withConfirm('Needs 2 more approvals first') });
    expect(screen.getByRole('button', { name: 'Confirm batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs 2 more approvals first')).toBeTruthy();
  });

  it('refuses to confirm when the balance is short, rounding the shortfall up', () => {
    // Short by 372.441: rounded down it would leave the balance short after depositing it.
    available = '1000.009';
    renderReview('approver');
    expect(screen.getByRole('button', { name: 'Confirm batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/Short by 372\.45/);
  });

  it('confirms with the digest of what the approver saw, after asking', async () => {
    const { user } = renderReview('approver');
    await user.click(screen.getByRole('button', { name: 'Confirm batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this batch?' });
    await user.click(within(dialog).getByRole('button', { name: /Confirm and hold 1,372\.45/ }));
    await waitFor(() => expect(confirmBatch).toHaveBeenCalledTimes(1));
    expect(confirmBatch.mock.calls[0]![0]).toBe('digest-of-what-was-shown');
  });

  it('sends one confirm however fast "Confirm and hold" is double-clicked, and disables it at once', async () => {
    const { user } = renderReview('approver');
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

  it('shows who made the batch and where each order goes: bank and masked account, never more', () => {
    renderReview('approver');
    expect(screen.getByTestId('batch-makers').textContent).toBe(
      'Made by Ana Ruiz, Treasury integration (API key)',
    );
    const row = screen.getByRole('row', { name: /Rhein Logistik/ });
    expect(row.textContent).toMatch(/Commerzbank · IBAN •••• ending in 3000/);
    expect(document.body.textContent).not.toMatch(/DE89/);
  });

  it('tells a maker (here through their own API key) that another approver confirms it, and no more', () => {
    renderReview('approver', {
      data: withConfirm(
        'You are a maker of this batch, so another approver confirms it',
        withMakers([
          { type: 'user', id: 'someone-else', name: 'Ana Ruiz', user_id: 'someone-else' },
          { type: 'api_key', id: 'my-key', name: 'My script', user_id: 'me' },
        ]),
      ),
    });
    expect(screen.getByTestId('batch-makers').textContent).toBe(
      'Made by Ana Ruiz, My script (API key) (you)',
    );
    expect(screen.getByRole('button', { name: 'Confirm batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You are a maker of this batch, so another approver confirms it')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/someone other than|creator|policy/i);
  });

  it('offers Confirm to an approver the server allows it to', () => {
    renderReview('approver', { data: withConfirm(null) });
    expect(screen.getByRole('button', { name: 'Confirm batch' }).hasAttribute('disabled')).toBe(false);
  });

  it('after "Review again", shows each change per order and field, before and now', async () => {
    confirmBatch.mockImplementationOnce(() =>
      Promise.reject(
        new PayoutApiError({
          status: 409,
          code: 'review_outdated',
          message: 'the batch changed since it was reviewed',
          messages: [],
          fieldErrors: [
            {
              field: 'orders.0.beneficiary_details_version',
              code: 'changed',
              message:
                "orders.0.beneficiary_details_version: the beneficiary's identity or bank details changed since the review",
            },
            {
              field: 'orders.0.source_amount',
              code: 'changed',
              message: 'orders.0.source_amount: the USDT to fund changed from 1372.45 USDT to 1380.10 USDT',
            },
          ],
          requestId: null,
          headers: new Headers(),
          body: {},
        }),
      ),
    );
    const after = {
      batch: { ...DATA.batch, source_amount_total: '1380.10', review_digest: 'digest-now' },
      orders: [{ ...DATA.orders[0]!, source_amount: '1380.10' }],
    } as BatchWithOrders;
    const newPayees: Payees = new Map([
      [
        BENEFICIARY,
        {
          name: 'Rhein Logistik',
          bank_name: 'Deutsche Bank',
          iban_last4: '6199',
          account_number_last4: null,
        },
      ],
    ]);
    let reread: ((data: BatchWithOrders, payees: Payees) => void) | undefined;
    const view = renderReview('approver', { onReload: async () => reread!(after, newPayees) });
    reread = view.reread;
    await view.user.click(screen.getByRole('button', { name: 'Confirm batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this batch?' });
    await view.user.click(within(dialog).getByRole('button', { name: /Confirm and hold/ }));
    await view.user.click(await screen.findByRole('button', { name: 'Review again' }));

    const table = await screen.findByTestId('changes-since-review');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Order 1 (Rhein Logistik)',
        'Payee and account',
        'Rhein Logistik, Commerzbank · IBAN •••• ending in 3000',
        'Rhein Logistik, Deutsche Bank · IBAN •••• ending in 6199',
      ],
      [
        'Order 1 (Rhein Logistik)',
        'USDT to fund',
        expect.stringMatching(/1,372\.45/),
        expect.stringMatching(/1,380\.10/),
      ],
    ]);
    // The page now shows the batch as it is, ready to confirm with its new digest.
    expect(screen.getByTestId('batch-total').textContent).toMatch(/1,380\.10/);
  });
});
