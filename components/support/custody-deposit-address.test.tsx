// @vitest-environment happy-dom
// Entering an organization's deposit address as an operator meets it: the organization and the address are asked for
// before anything is sent; the address is saved for the chosen organization and chain; a refusal (a malformed
// address, another address where one is set) is shown in the server's words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { enterDepositAddressOperation } from '@/lib/funding/contract/routes';
import { PayoutApiError } from '@/lib/platform/browser/api';

const ACME = { id: '0b6f1c1e-0000-4000-8000-0000000000aa', name: 'Acme Trading Ltd' };
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const answer = vi.fn();
const apiFetch = vi.fn(async (operation: { id: string }, args: unknown) =>
  operation.id === 'searchSupportOrganizations'
    ? { items: [ACME], next_cursor: null }
    : answer(operation, args),
);
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: [{ id: string }, unknown]) => apiFetch(...args),
}));

const { CustodyDepositAddress } = await import('./custody-deposit-address');

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CustodyDepositAddress />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), form: screen.getByRole('form', { name: 'Enter a deposit address' }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, address: string) {
  await user.type(within(form).getByRole('combobox', { name: 'Organization' }), 'Acme');
  await user.click(await screen.findByRole('option', { name: /Acme Trading Ltd/ }));
  await user.type(within(form).getByLabelText('Address'), address);
  await user.click(within(form).getByRole('button', { name: 'Save address' }));
}

beforeEach(() => {
  apiFetch.mockClear();
  answer.mockReset();
});

describe('entering a deposit address', () => {
  it('asks for the organization and the address, sending nothing', async () => {
    const { user, form } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findAllByText('Choose the organization', {}, { timeout: 10_000 })).not.toEqual(
      [],
    );
    expect(within(form).getAllByText("The organization's address on the chain")).not.toEqual([]);
    expect(answer).not.toHaveBeenCalled();
  });

  it('saves the address for the chosen organization on the chain, and says so', async () => {
    answer.mockResolvedValue({
      org_id: ACME.id,
      chain: 'tron',
      address: ADDRESS,
      created_at: '2026-11-29T10:00:00.000Z',
    });
    const { user, form } = renderForm();
    await fill(user, form, ` ${ADDRESS} `);
    expect(
      await screen.findByText(`Acme Trading Ltd's TRON address is ${ADDRESS}`, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(enterDepositAddressOperation, {
      params: { orgId: ACME.id, chain: 'tron' },
      body: { address: ADDRESS },
    });
  });

  it("shows the server's refusal of another address where one is set", async () => {
    answer.mockRejectedValue(
      new PayoutApiError({
        status: 409,
        message: `the organization's TRON deposit address is already ${OTHER}: it is set once, since deposits name it`,
        messages: [
          `the organization's TRON deposit address is already ${OTHER}: it is set once, since deposits name it`,
        ],
        fieldErrors: [],
        code: 'invalid_state',
        requestId: null,
        headers: new Headers(),
        body: null,
      } as ConstructorParameters<typeof PayoutApiError>[0]),
    );
    const { user, form } = renderForm();
    await fill(user, form, ADDRESS);
    expect(
      await within(form).findByText(
        `the organization's TRON deposit address is already ${OTHER}: it is set once, since deposits name it`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect((within(form).getByLabelText('Address') as HTMLInputElement).value).toBe(ADDRESS);
  });

  it("puts the server's refusal of a malformed address on the Address field", async () => {
    answer.mockRejectedValue(
      new PayoutApiError({
        status: 422,
        message: 'address: not a valid TRON address (base58check, starting with T)',
        messages: ['address: not a valid TRON address (base58check, starting with T)'],
        fieldErrors: [
          { field: 'address', message: 'address: not a valid TRON address (base58check, starting with T)' },
        ],
        code: 'validation_failed',
        requestId: null,
        headers: new Headers(),
        body: null,
      } as ConstructorParameters<typeof PayoutApiError>[0]),
    );
    const { user, form } = renderForm();
    await fill(user, form, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    expect(
      await within(form).findByText(
        'Not a valid TRON address (base58check, starting with T)',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
  });
});
