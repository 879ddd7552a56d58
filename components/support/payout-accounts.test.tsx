// @vitest-environment happy-dom
// The Payout accounts page as a support lead uses it: the accounts with the active one of each currency marked, and
// the add dialog holding each field to createPayoutAccount's rules before anything is sent.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';

const ACCOUNTS = [
  {
    id: 'a1',
    name: 'EUR operating account',
    account_number: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    currency: 'EUR',
    active: true,
    created_by_user_id: 'lead',
    created_at: '2026-11-29T10:00:00.000Z',
  },
  {
    id: 'a0',
    name: 'Old EUR account',
    account_number: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    currency: 'EUR',
    active: false,
    created_by_user_id: 'lead',
    created_at: '2026-10-01T10:00:00.000Z',
  },
];

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: () => ({ isPending: false, isError: false, data: { data: ACCOUNTS } }),
}));
const refresh = vi.fn();
vi.mock('@/lib/platform/browser/use-refresh', () => ({ useRefresh: () => refresh }));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { PayoutAccounts } = await import('./payout-accounts');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <PayoutAccounts />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  return screen.findByRole('dialog', { name: 'Add a payout account' });
}

describe('the Payout accounts page', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    refresh.mockReset();
  });

  it('lists each account with its number, BIC and currency, the active one marked', () => {
    renderPage();
    const rows = within(screen.getByRole('list', { name: 'Payout accounts' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EUR operating accountDE89370400440532013000 · COBADEFFXXXEURactive',
      'Old EUR accountDE02120300000000202051 · BYLADEM1001EURinactive',
    ]);
  });

  it('refuses a malformed account number, BIC and currency in words, sending nothing', async () => {
    const user = renderPage();
    const dialog = await openDialog(user);
    const add = within(dialog).getByRole('button', { name: 'Add account' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'GBP account');
    await user.type(within(dialog).getByLabelText('Account number or IBAN'), '12-34');
    await user.type(within(dialog).getByLabelText('BIC'), 'BARC');
    await user.type(within(dialog).getByLabelText('Currency'), 'G1');
    await user.click(add);
    expect(
      await within(dialog).findByText(
        'An IBAN or account number: 6 to 34 letters and digits',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('A BIC of 8 or 11 letters and digits, e.g. DEUTDEFF')).toBeTruthy();
    expect(within(dialog).getByText('A currency code, e.g. EUR')).toBeTruthy();
    expect(within(dialog).getByLabelText('BIC').getAttribute('aria-invalid')).toBe('true');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('adds an account as typed (spaces in the IBAN, lower case), says so and refreshes the list', async () => {
    apiFetch.mockResolvedValue({ ...ACCOUNTS[0], id: 'a2', name: 'GBP account', currency: 'GBP' });
    const user = renderPage();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), ' GBP account ');
    await user.type(within(dialog).getByLabelText('Account number or IBAN'), 'GB29 NWBK 6016 1331 9268 19');
    await user.type(within(dialog).getByLabelText('BIC'), 'nwbkgb2l');
    await user.type(within(dialog).getByLabelText('Currency'), 'gbp');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('GBP account added', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'createPayoutAccount' }), {
      body: {
        name: 'GBP account',
        account_number: 'GB29 NWBK 6016 1331 9268 19',
        bic: 'nwbkgb2l',
        currency: 'gbp',
      },
    });
    expect(refresh).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    apiFetch.mockRejectedValueOnce(
      new PayoutApiError({
        status: 403,
        message: 'only a support lead may add a payout account',
        messages: ['only a support lead may add a payout account'],
        fieldErrors: [],
        code: 'forbidden',
        requestId: null,
        headers: new Headers(),
        body: null,
      } as ConstructorParameters<typeof PayoutApiError>[0]),
    );
    const user = renderPage();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'EUR');
    await user.type(within(dialog).getByLabelText('Account number or IBAN'), 'DE89370400440532013000');
    await user.type(within(dialog).getByLabelText('BIC'), 'COBADEFF');
    await user.type(within(dialog).getByLabelText('Currency'), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(/only a support lead/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });
});
