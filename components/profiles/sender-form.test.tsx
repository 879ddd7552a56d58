// @vitest-environment happy-dom
// The sender form as a finance user meets it: each missing field says so beside it (and the summary names it), and
// the API's refusal lands on the field it is about, the rest above the buttons.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PayoutApiError } from '@/lib/platform/client/errors';
import type { SenderWire } from '@/lib/profiles/contract/schemas';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push, back: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
}));
vi.mock('./queries', () => ({ useInvalidateProfiles: () => async () => {} }));

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { SenderForm } = await import('./sender-form');

const SENDER = {
  id: '0b6f1c1e-0000-4000-8000-000000000001',
  type: 'company',
  legal_name: 'Acme Trading Ltd',
  registration_number: '12345678',
  date_of_birth: null,
  id_document_type: null,
  id_document_number_last4: null,
  address_line1: '1 Poultry',
  address_line2: null,
  city: 'London',
  postal_code: 'EC2R 8EJ',
  region: null,
  country: 'GB',
  contact_email: 'finance@example.com',
  contact_phone: null,
  client_reference: null,
  status: 'draft',
} as unknown as SenderWire;

function refusal(fieldErrors: { field: string; message: string }[], message = 'Validation failed') {
  return new PayoutApiError({
    status: 422,
    message,
    messages: fieldErrors.length ? fieldErrors.map((item) => item.message) : [message],
    fieldErrors: fieldErrors.map((item) => ({ ...item, code: 'invalid' })),
    requestId: 'req-1',
    headers: new Headers(),
    body: null,
  });
}

/** What the control is described by: its hint and its error, as a screen reader reads them. */
function description(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('the sender form', () => {
  beforeEach(() => {
    push.mockReset();
    apiFetch.mockReset();
  });

  it('saves a sender that has its own reference, and clears the reference only when told', async () => {
    apiFetch.mockResolvedValue({ ...SENDER });
    render(<SenderForm sender={{ ...SENDER, client_reference: 'ENT-UK-01' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('City'));
    await user.paste(' City');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    expect(apiFetch.mock.calls[0]?.[1]).toMatchObject({ body: { city: 'London City' } });
    expect(apiFetch.mock.calls[0]?.[1]).not.toHaveProperty('body.client_reference');

    const reference = screen.getByLabelText('Your reference (optional)');
    await user.clear(reference);
    expect(description(reference)[0]).toBe('Saving removes the reference ENT-UK-01 from this sender.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(2));
    expect(apiFetch.mock.calls[1]?.[1]).toMatchObject({ body: { client_reference: null } });
  });

  it('says beside each required field that it is missing, names them in a summary, and sends nothing', async () => {
    render(<SenderForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save sender' }));

    const legalName = screen.getByLabelText('Legal name');
    await waitFor(() => expect(legalName.getAttribute('aria-invalid')).toBe('true'));
    expect(description(legalName)).toEqual(['is required']);
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toMatch(/fields need attention/);
    await user.click(screen.getByRole('button', { name: 'Legal name' }));
    expect(document.activeElement).toBe(legalName);
    expect(apiFetch).not.toHaveBeenCalled();

    await user.type(legalName, 'Acme Trading Ltd');
    await waitFor(() => expect(legalName.getAttribute('aria-invalid')).toBeNull());
  });

  it("puts the API's refusal on the field it names and keeps the other fields clear", async () => {
    apiFetch.mockRejectedValue(
      refusal([{ field: 'contact_email', message: 'contact_email: is already used by another sender' }]),
    );
    render(<SenderForm sender={SENDER} />);
    const user = userEvent.setup();
    const email = screen.getByLabelText('Contact email');
    await user.clear(email);
    await user.type(email, 'treasury@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toEqual(['Is already used by another sender']);
    expect(screen.getByLabelText('Legal name').getAttribute('aria-invalid')).toBeNull();
    // Only what changed is sent.
    expect(apiFetch.mock.calls[0]?.[1]).toMatchObject({ body: { contact_email: 'treasury@example.com' } });
    expect(push).not.toHaveBeenCalled();
  });

  it('says a refusal no field owns above the buttons', async () => {
    apiFetch.mockRejectedValue(refusal([], 'The sender is in review and cannot be changed'));
    render(<SenderForm sender={SENDER} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('City'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sender is in review and cannot be changed',
    );
  });
});
