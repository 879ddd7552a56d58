// @vitest-environment happy-dom
// The support lead's liquidity back office as the lead meets it: the loans in money, a loan that cannot be sent until
// its fields are right, the server's refusal kept in the open dialog, and a created loan that closes the dialog.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { createSupportLoanOperation } from '@/lib/liquidity/contract/routes';
import { PayoutApiError } from '@/lib/platform/client/errors';

const ORG = '0b6f1c1e-0000-4000-8000-0000000000aa';
const OFFICE = {
  org_id: ORG,
  org_name: 'Acme Trading Ltd',
  loans: [
    {
      id: '0b6f1c1e-0000-4000-8000-00000000loan',
      status: 'ACTIVE',
      principal: '50000.00',
      drawn_amount: '20000.00',
      repaid_amount: '5000.00',
      outstanding_amount: '15000.00',
      currency: 'USDT',
      due_on: '2027-02-01',
    },
  ],
  repayments: [],
  routes: [],
  utilization_proofs: [],
  chains: [],
  corridors: [],
};

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: () => ({ isPending: false, isError: false, data: OFFICE }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { LiquidityBackOffice } = await import('./back-office');

function renderOffice() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <LiquidityBackOffice orgId={ORG} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openNewLoan(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New loan' }));
  return screen.findByRole('dialog', { name: 'New loan' });
}

async function fillLoan(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Principal (USDT)'), '50000');
  await user.type(within(dialog).getByLabelText('Interest rate (% a year)'), '7.25');
  await user.type(within(dialog).getByLabelText('Starts on'), '2026-11-01');
  await user.type(within(dialog).getByLabelText('Due on'), '2027-02-01');
}

describe('the liquidity back office', () => {
  // Braces: a function returned from beforeEach would be called as its teardown.
  beforeEach(() => {
    apiFetch.mockReset();
  });

  it("lists the organization's loans with their amounts in money", () => {
    renderOffice();
    const loans = screen.getByRole('table', { name: 'Loans' });
    expect(within(loans).getByText('Active')).toBeTruthy();
    expect(loans.textContent).toMatch(/50,000\.00/);
    expect(loans.textContent).toMatch(/15,000\.00/);
  });

  it('says what a new loan still needs and sends nothing', async () => {
    const user = renderOffice();
    const dialog = await openNewLoan(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create loan' }));
    expect(await within(dialog).findByText('Enter the principal in USDT, e.g. 50000')).toBeTruthy();
    expect(within(dialog).getByText('Choose the start date')).toBeTruthy();
    expect(within(dialog).getByLabelText('Principal (USDT)').getAttribute('aria-invalid')).toBe('true');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the reason when the server refuses the loan', async () => {
    apiFetch.mockRejectedValue(
      new PayoutApiError({
        status: 409,
        message: 'The organization already has an active loan',
        messages: ['The organization already has an active loan'],
        fieldErrors: [],
        requestId: null,
        headers: new Headers(),
        body: null,
      }),
    );
    const user = renderOffice();
    const dialog = await openNewLoan(user);
    await fillLoan(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create loan' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The organization already has an active loan');
    expect(screen.getByRole('dialog', { name: 'New loan' })).toBeTruthy();
  });

  it('creates the loan with what was typed and closes the dialog', async () => {
    apiFetch.mockResolvedValue({});
    const user = renderOffice();
    const dialog = await openNewLoan(user);
    await fillLoan(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create loan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New loan' })).toBeNull());
    expect(apiFetch).toHaveBeenCalledWith(createSupportLoanOperation, {
      params: { orgId: ORG },
      body: {
        principal: '50000',
        interest_rate_percent: '7.25',
        drawn_amount: '0',
        status: 'PENDING',
        starts_on: '2026-11-01',
        due_on: '2027-02-01',
      },
    });
    expect(await screen.findByText('New loan: done')).toBeTruthy();
  });
});
