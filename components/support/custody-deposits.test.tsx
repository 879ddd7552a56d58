// @vitest-environment happy-dom
// The Custody page's deposits as an operator meets them: the record form says what is wrong before anything is sent
// and refreshes the waiting list once recorded; a deposit I recorded is someone else's to confirm; confirming credits
// it and the list updates; a refusal from the server is shown in its own words; rejecting asks for a reason.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import {
  confirmManualDepositOperation,
  recordManualDepositOperation,
  rejectManualDepositOperation,
} from '@/lib/funding/contract/routes';
import { PayoutApiError } from '@/lib/platform/browser/api';

const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const COLLEAGUE = '0b6f1c1e-0000-4000-8000-0000000000a2';
const ACME = { id: '0b6f1c1e-0000-4000-8000-0000000000aa', name: 'Acme Trading Ltd' };
const HASH = 'ab'.repeat(32);
const deposit = (n: number, recordedBy: string) => ({
  id: `0b6f1c1e-0000-4000-8000-00000000d00${n}`,
  org_id: ACME.id,
  org_name: ACME.name,
  chain: 'tron',
  amount: `${n}2500.5`,
  transaction_hash: `${n}`.repeat(64),
  status: 'recorded',
  recorded_by_user_id: recordedBy,
  decided_by_user_id: null,
  decided_at: null,
  rejection_reason: null,
  deposit_id: null,
  created_at: '2026-11-29T10:00:00.000Z',
});
let waiting = [deposit(1, ME), deposit(2, COLLEAGUE)];

// The requests the page makes, answered as the API would: the list and the organization search from `waiting` and
// ACME, each change by `answer` (which the test sets), so the page's own react-query refetches show the list updating.
const answer = vi.fn();
const apiFetch = vi.fn(async (operation: { id: string }, args: unknown) => {
  if (operation.id === 'listManualDeposits') return { data: waiting };
  if (operation.id === 'searchSupportOrganizations') return { items: [ACME], next_cursor: null };
  return answer(operation, args);
});
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: [{ id: string }, unknown]) => apiFetch(...args),
}));
const changes = () =>
  apiFetch.mock.calls.filter(
    ([operation]) => !operation.id.startsWith('list') && !operation.id.startsWith('search'),
  );

const { CustodyDeposits } = await import('./custody-deposits');

async function renderDeposits() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CustodyDeposits me={ME} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: 'Deposits waiting for a second person' });
  return { user: userEvent.setup() };
}

const refusal = (status: number, code: string, message: string) =>
  new PayoutApiError({
    status,
    message,
    messages: [message],
    fieldErrors: [],
    code,
    requestId: null,
    headers: new Headers(),
    body: null,
  } as ConstructorParameters<typeof PayoutApiError>[0]);

const recordForm = () => screen.getByRole('form', { name: 'Record a deposit' });
const rowOf = (n: number) => screen.getByText(deposit(n, ME).transaction_hash).closest('tr')!;

beforeEach(() => {
  apiFetch.mockClear();
  answer.mockReset();
  waiting = [deposit(1, ME), deposit(2, COLLEAGUE)];
});

describe('recording a deposit', () => {
  it('says what is missing or malformed, sending nothing', async () => {
    const { user } = await renderDeposits();
    const form = recordForm();
    await user.type(within(form).getByLabelText('Amount (USDT)'), '0');
    await user.type(within(form).getByLabelText('Transaction hash'), '0x1234');
    await user.click(within(form).getByRole('button', { name: 'Record deposit' }));
    expect(await within(form).findAllByText('Choose the organization', {}, { timeout: 10_000 })).not.toEqual(
      [],
    );
    expect(within(form).getAllByText('Must be greater than zero')).not.toEqual([]);
    expect(
      within(form).getAllByText('The transaction hash: 64 hex characters, 0x-prefixed on Ethereum'),
    ).not.toEqual([]);
    expect(changes()).toEqual([]);
  });

  it('records it for the chosen organization as typed, says nothing is credited yet and refreshes the list', async () => {
    const recorded = { ...deposit(3, ME), amount: '1000.5', transaction_hash: HASH };
    answer.mockImplementation(async () => {
      waiting = [recorded, ...waiting];
      return recorded;
    });
    const { user } = await renderDeposits();
    const form = recordForm();
    await user.type(within(form).getByRole('combobox', { name: 'Organization' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: /Acme Trading Ltd/ }));
    await user.type(within(form).getByLabelText('Amount (USDT)'), '1,000.50');
    await user.type(within(form).getByLabelText('Transaction hash'), ` ${HASH.toUpperCase()} `);
    await user.click(within(form).getByRole('button', { name: 'Record deposit' }));
    expect(
      await screen.findByText('1,000.50 USDT recorded for Acme Trading Ltd', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(recordManualDepositOperation, {
      body: { org_id: ACME.id, chain: 'tron', amount: '1000.50', transaction_hash: HASH.toUpperCase() },
    });
    expect(await screen.findByText(HASH)).toBeTruthy();
  });

  it("shows the server's refusal of a hash recorded before, and keeps what was typed", async () => {
    answer.mockRejectedValue(
      refusal(
        409,
        'transaction_already_recorded',
        'a deposit with this transaction hash on tron is already recorded (confirmed): each transfer is credited once',
      ),
    );
    const { user } = await renderDeposits();
    const form = recordForm();
    await user.type(within(form).getByRole('combobox', { name: 'Organization' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: /Acme Trading Ltd/ }));
    await user.type(within(form).getByLabelText('Amount (USDT)'), '10');
    await user.type(within(form).getByLabelText('Transaction hash'), HASH);
    await user.click(within(form).getByRole('button', { name: 'Record deposit' }));
    expect(
      await within(form).findByText(
        'a deposit with this transaction hash on tron is already recorded (confirmed): each transfer is credited once',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect((within(form).getByLabelText('Transaction hash') as HTMLInputElement).value).toBe(HASH);
  });
});

describe('deposits waiting for a second person', () => {
  it('lists each with its organization, chain and amount in the platform format', async () => {
    await renderDeposits();
    const row = rowOf(2);
    expect(within(row).getByText('Acme Trading Ltd')).toBeTruthy();
    expect(within(row).getByText('TRON')).toBeTruthy();
    expect(within(row).getByText('22,500.50 USDT')).toBeTruthy();
  });

  it('leaves the confirmation of a deposit I recorded to someone else, but lets me reject it', async () => {
    await renderDeposits();
    const mine = rowOf(1);
    expect((within(mine).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(mine).getByText('You recorded it: someone else confirms it.')).toBeTruthy();
    expect(
      (within(mine).getByRole('button', { name: /Reject the deposit/ }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(within(rowOf(2)).queryByText('You recorded it: someone else confirms it.')).toBeNull();
  });

  it("confirms a colleague's deposit, says what was credited and refreshes the list", async () => {
    answer.mockImplementation(async () => {
      waiting = [deposit(1, ME)];
      return { ...deposit(2, COLLEAGUE), status: 'confirmed' };
    });
    const { user } = await renderDeposits();
    await user.click(within(rowOf(2)).getByRole('button', { name: /Confirm the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the deposit' });
    expect(within(dialog).getByText(/Acme Trading Ltd is credited 22,500.50 USDT at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await screen.findByText('Acme Trading Ltd credited 22,500.50 USDT')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(confirmManualDepositOperation, {
      params: { depositId: deposit(2, COLLEAGUE).id },
    });
    await waitFor(() => expect(screen.queryByText(deposit(2, ME).transaction_hash)).toBeNull());
  });

  it("shows the server's refusal when the confirmation is refused", async () => {
    answer.mockRejectedValue(
      refusal(
        403,
        'second_person_required',
        'four eyes: someone other than the person who recorded the deposit confirms it',
      ),
    );
    const { user } = await renderDeposits();
    await user.click(within(rowOf(2)).getByRole('button', { name: /Confirm the deposit/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and credit' }));
    expect(await screen.findByText('The deposit was not confirmed')).toBeTruthy();
    expect(
      screen.getByText('four eyes: someone other than the person who recorded the deposit confirms it'),
    ).toBeTruthy();
    expect(screen.getByText(deposit(2, ME).transaction_hash)).toBeTruthy();
  });

  it('rejects only with a reason, and refreshes the list', async () => {
    answer.mockImplementation(async () => {
      waiting = [deposit(1, ME)];
      return { ...deposit(2, COLLEAGUE), status: 'rejected' };
    });
    const { user } = await renderDeposits();
    await user.click(within(rowOf(2)).getByRole('button', { name: /Reject the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(await within(dialog).findByText('Say why it is rejected', {}, { timeout: 10_000 })).toBeTruthy();
    expect(changes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Not in custody: wrong network');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    await waitFor(() =>
      expect(answer).toHaveBeenCalledWith(rejectManualDepositOperation, {
        params: { depositId: deposit(2, COLLEAGUE).id },
        body: { reason: 'Not in custody: wrong network' },
      }),
    );
    expect(await screen.findByText('Deposit rejected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(deposit(2, ME).transaction_hash)).toBeNull());
  });
});
