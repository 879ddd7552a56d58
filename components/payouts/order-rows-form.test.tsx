// @vitest-environment happy-dom
// The manual batch form as a finance user meets it: what it says about a missing beneficiary or a bad amount, and
// the draft it creates once the rows are right.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
import type { BeneficiaryOption, SenderOption } from './profile-options';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn() }) }));

const SENDER = {
  id: '0b6f1c1e-0000-4000-8000-000000000001',
  status: 'ready',
  legal_name: 'Acme Trading GmbH',
  type: 'company',
  country: 'DE',
} as unknown as SenderOption;
const BENEFICIARY = {
  id: '0b6f1c1e-0000-4000-8000-000000000002',
  sender_profile_id: SENDER.id,
  status: 'ready',
  name: 'Rhein Logistik',
  currency: 'EUR',
  bank_name: 'Sparkasse',
  bank_country: 'DE',
  iban_last4: '4321',
} as unknown as BeneficiaryOption;

vi.mock('./profile-options', () => ({
  useSenders: () => ({ isPending: false, isError: false, data: [SENDER] }),
  useReadyBeneficiaries: () => ({ isPending: false, isError: false, data: [BENEFICIARY] }),
  useSenderFiles: () => ({ isPending: false, data: { items: [] } }),
}));

const createBatchRequest = vi.fn();
vi.mock('./api', () => ({ createBatchRequest: (...args: unknown[]) => createBatchRequest(...args) }));

const { OrderRowsForm } = await import('./order-rows-form');

function renderForm() {
  render(
    <ToastProvider>
      <OrderRowsForm />
    </ToastProvider>,
  );
  return userEvent.setup();
}

async function chooseBeneficiary(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Beneficiary, order 1'), 'Rhein');
  await user.click(await screen.findByRole('option', { name: /Rhein Logistik/ }));
}

describe('the order rows form', () => {
  beforeEach(() => {
    push.mockReset();
    createBatchRequest.mockReset();
  });

  it('refuses an empty row and says what is missing, without sending anything', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    expect(await screen.findByText('Choose a beneficiary')).toBeTruthy();
    expect(screen.getByText('Enter an amount')).toBeTruthy();
    expect(screen.getByLabelText('Amount, order 1').getAttribute('aria-invalid')).toBe('true');
    expect(createBatchRequest).not.toHaveBeenCalled();
  });

  it("says how many decimals the beneficiary's currency allows", async () => {
    const user = renderForm();
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '12.345');
    expect(await screen.findByText('EUR allows at most 2 decimals')).toBeTruthy();
  });

  it('refuses an amount typed with a decimal comma instead of paying a hundred times more', async () => {
    const user = renderForm();
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '4200,00');
    expect(await screen.findByText('Use a point for decimals: 4200.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    expect(screen.getByLabelText('Amount, order 1').getAttribute('aria-invalid')).toBe('true');
    expect(createBatchRequest).not.toHaveBeenCalled();
  });

  it('refuses an ambiguous comma (4,200) rather than guessing', async () => {
    const user = renderForm();
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '4,200');
    expect(await screen.findByText(/^4,200 could be 4200 or 4\.2/)).toBeTruthy();
  });

  it('says how it reads an amount with thousands separators, and sends that amount', async () => {
    createBatchRequest.mockResolvedValue({ batch: { id: 'batch-2' } });
    const user = renderForm();
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '1 234 567.5');
    expect(await screen.findByText('Reads as 1,234,567.50 EUR')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/batches/batch-2'));
    const [body] = createBatchRequest.mock.calls[0] as [{ orders: { beneficiary_amount: string }[] }];
    expect(body.orders[0]!.beneficiary_amount).toBe('1234567.5');
  });

  it('creates the draft with the batch reference and opens it', async () => {
    createBatchRequest.mockResolvedValue({ batch: { id: 'batch-1' } });
    const user = renderForm();
    await user.type(screen.getByLabelText('Batch reference'), 'payroll-2026-11');
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '1250.50');
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/batches/batch-1'));
    const [body] = createBatchRequest.mock.calls[0] as [Record<string, unknown>];
    expect(body).toMatchObject({
      client_reference: 'payroll-2026-11',
      orders: [
        {
          sender_profile_id: SENDER.id,
          beneficiary_profile_id: BENEFICIARY.id,
          beneficiary_amount: '1250.50',
          beneficiary_currency: 'EUR',
        },
      ],
    });
  });

  it('adds, counts and removes orders', async () => {
    const user = renderForm();
    expect(screen.getByText('1 order')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add order' }));
    expect(screen.getByText('2 orders')).toBeTruthy();
    expect(screen.getByLabelText('Amount, order 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove order 2' }));
    expect(screen.getByText('1 order')).toBeTruthy();
    expect(screen.queryByLabelText('Amount, order 2')).toBeNull();
  });

  it('after a refused submit, names each field to fix and takes you to it', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('2 fields need attention');
    await user.click(screen.getByRole('button', { name: 'Amount, order 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Amount, order 1'));
  });

  it("puts the server's refusal on the row and field it names", async () => {
    createBatchRequest.mockRejectedValue(
      new PayoutApiError({
        status: 422,
        message: 'Validation failed',
        messages: ['Validation failed'],
        fieldErrors: [
          {
            field: 'orders.1.beneficiary_amount',
            code: 'limit_exceeded',
            message: 'orders.1.beneficiary_amount: is above the corridor limit of 50000.00 EUR',
          },
          { field: 'orders.0', code: 'not_ready', message: 'orders.0: the beneficiary is no longer ready' },
          { field: 'client_reference', code: 'duplicate', message: 'client_reference: is already used' },
        ],
        requestId: 'req-1',
        headers: new Headers(),
        body: null,
      }),
    );
    const user = renderForm();
    await user.type(screen.getByLabelText('Batch reference'), 'payroll-2026-11');
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '60000');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));

    const second = screen.getByLabelText('Amount, order 2');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    const said = (second.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain('is above the corridor limit of 50000.00 EUR');
    expect(screen.getByLabelText('Amount, order 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Batch reference').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('order-row-0')?.textContent).toContain(
      'the beneficiary is no longer ready',
    );
    expect(document.getElementById('order-row-1')?.textContent).not.toContain('no longer ready');
    expect(push).not.toHaveBeenCalled();
  });

  it('says a request that never reached the server below the buttons, and keeps the rows', async () => {
    createBatchRequest.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderForm();
    await chooseBeneficiary(user);
    await user.type(screen.getByLabelText('Amount, order 1'), '10');
    await user.click(screen.getByRole('button', { name: 'Create draft and quote' }));
    expect(await screen.findByText(/did not reach the server/)).toBeTruthy();
    expect((screen.getByLabelText('Amount, order 1') as HTMLInputElement).value).toBe('10');
  });
});
