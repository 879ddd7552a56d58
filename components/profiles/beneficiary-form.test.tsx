// @vitest-environment happy-dom
// The beneficiary form as a finance user meets it: the corridor's fields, a mistyped IBAN said beside the IBAN as it
// is typed, and the API's refusal put on the field it names.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { beneficiaryRequirements } from '@/lib/profiles/contract/requirements';
import type { BeneficiaryWire } from '@/lib/profiles/contract/schemas';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push, back: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
}));

const SENDER_ID = '0b6f1c1e-0000-4000-8000-000000000001';
vi.mock('./queries', () => ({
  useInvalidateProfiles: () => async () => {},
  useAllSenders: () => ({
    isPending: false,
    data: { items: [{ id: SENDER_ID, legal_name: 'Acme Trading Ltd', status: 'ready' }] },
  }),
}));
// The requirements the API publishes come from the same table the form's module reads.
vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: (_operation: unknown, input: { query: Record<string, string> }) => ({
    isPending: false,
    error: null,
    data: beneficiaryRequirements(input.query.currency!, input.query.country!, input.query.residence_country),
  }),
}));

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { BeneficiaryForm } = await import('./beneficiary-form');

const BENEFICIARY = {
  id: '0b6f1c1e-0000-4000-8000-000000000002',
  sender_profile_id: SENDER_ID,
  type: 'company',
  name: 'Rhein Logistik GmbH',
  address_line1: 'Friedrichstraße 100',
  address_line2: null,
  city: 'Berlin',
  postal_code: '10117',
  region: null,
  country: 'DE',
  contact_email: null,
  currency: 'EUR',
  bank_country: 'DE',
  bank_name: 'Commerzbank AG',
  iban_last4: '3000',
  swift_bic: null,
  account_number_last4: null,
  routing_code: null,
  routing_code_type: null,
  client_reference: null,
  status: 'draft',
} as unknown as BeneficiaryWire;

function description(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('the beneficiary form', () => {
  beforeEach(() => {
    push.mockReset();
    apiFetch.mockReset();
  });

  it('says a mistyped IBAN beside the IBAN as it is typed, and clears it once right', async () => {
    render(<BeneficiaryForm beneficiary={BENEFICIARY} />);
    const user = userEvent.setup();
    const iban = screen.getByLabelText('IBAN');
    expect(description(iban)).toHaveLength(1);
    expect(description(iban)[0]).toMatch(/^On file: .*3000.*Leave empty to keep it\.$/);
    await user.type(iban, 'DE89370400440532013001');
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(description(iban)[1]).toBe('has a wrong check digit (mistyped?)');
    await user.clear(iban);
    await user.type(iban, 'DE89370400440532013000');
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBeNull());
  });

  it('saves a beneficiary that has its own reference, and sends a changed reference', async () => {
    apiFetch.mockResolvedValue({ ...BENEFICIARY, id: BENEFICIARY.id });
    render(<BeneficiaryForm beneficiary={{ ...BENEFICIARY, client_reference: 'VEND-RHEIN' }} />);
    const user = userEvent.setup();
    // Pasted rather than typed: each keystroke runs the corridor's rules, slow on a busy machine.
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.paste('Hamburg');
    await user.type(screen.getByLabelText('Your reference (optional)'), '-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/beneficiaries/${BENEFICIARY.id}`));
    expect(apiFetch.mock.calls[0]?.[1]).toMatchObject({
      body: { city: 'Hamburg', client_reference: 'VEND-RHEIN-2' },
    });
    expect(screen.queryByText(/Unrecognized key/)).toBeNull();
  });

  it('keeps an untouched reference out of the request, and says before saving that clearing it removes it', async () => {
    apiFetch.mockResolvedValue({ ...BENEFICIARY });
    render(<BeneficiaryForm beneficiary={{ ...BENEFICIARY, client_reference: 'VEND-RHEIN' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('City'));
    await user.paste(' Mitte');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    expect(apiFetch.mock.calls[0]?.[1]).toMatchObject({ body: { city: 'Berlin Mitte' } });
    expect(apiFetch.mock.calls[0]?.[1]).not.toHaveProperty('body.client_reference');

    const reference = screen.getByLabelText('Your reference (optional)');
    await user.clear(reference);
    expect(description(reference)[0]).toBe(
      'Saving removes the reference VEND-RHEIN: CSV files that name it will no longer find this beneficiary.',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(2));
    expect(apiFetch.mock.calls[1]?.[1]).toMatchObject({ body: { client_reference: null } });
  });

  it("puts the API's refusal on the field it names, and one no field owns above the buttons", async () => {
    apiFetch.mockRejectedValueOnce(
      new PayoutApiError({
        status: 422,
        message: 'Validation failed',
        messages: ['bank_name: does not match the bank of this IBAN'],
        fieldErrors: [
          { field: 'bank_name', code: 'invalid', message: 'bank_name: does not match the bank of this IBAN' },
        ],
        requestId: 'req-1',
        headers: new Headers(),
        body: null,
      }),
    );
    render(<BeneficiaryForm beneficiary={BENEFICIARY} />);
    const user = userEvent.setup();
    const bankName = screen.getByLabelText('Bank name');
    await user.clear(bankName);
    await user.type(bankName, 'Deutsche Bank AG');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(bankName.getAttribute('aria-invalid')).toBe('true'));
    expect(description(bankName)).toEqual(['e.g. Commerzbank AG', 'Does not match the bank of this IBAN']);
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBeNull();
    expect(apiFetch.mock.calls[0]?.[1]).toMatchObject({ body: { bank_name: 'Deutsche Bank AG' } });

    apiFetch.mockRejectedValueOnce(
      new PayoutApiError({
        status: 409,
        message: 'The beneficiary is in review and cannot be changed',
        messages: ['The beneficiary is in review and cannot be changed'],
        fieldErrors: [],
        requestId: 'req-2',
        headers: new Headers(),
        body: null,
      }),
    );
    await user.type(bankName, ' Berlin');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The beneficiary is in review and cannot be changed',
    );
    expect(push).not.toHaveBeenCalled();
  });
});
