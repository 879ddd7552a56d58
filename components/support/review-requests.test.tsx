// @vitest-environment happy-dom
// The reviewer's "Ask for information" and "Correct details" dialogs as a reviewer meets them: each is a named dialog;
// nothing is sent without a question or a reason; a question names the ticked fields; a correction sends only what
// changed, and a field the rules refuse is said under its input. The client's page shows the question and the
// fields it is about.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailList, ReviewStatus, StaffCorrectionNote } from '@/components/profiles/review-status';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
import {
  correctReviewProfileOperation,
  requestReviewInformationOperation,
} from '@/lib/support/contract/routes';

const PROFILE_ID = '0b6f1c1e-0000-4000-8000-00000000f002';
const DETAILS = {
  type: 'individual',
  legal_name: 'Oliver Bennett',
  country: 'GB',
  address_line1: '14 Canonbury Park North',
  city: 'London',
  contact_email: 'oliver@example.com',
};

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { AskForInformationDialog, CorrectDetailsDialog } = await import('./review-requests');

function renderWithProviders(children: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function refusal(fieldErrors: { field: string; message: string }[]) {
  return new PayoutApiError({
    status: 422,
    message: 'Validation failed',
    messages: fieldErrors.map((item) => item.message),
    fieldErrors: fieldErrors.map((item) => ({ ...item, code: 'email' })),
    requestId: 'req-1',
    headers: new Headers(),
    body: null,
  });
}

beforeEach(() => {
  apiFetch.mockReset();
});

describe('Ask for information', () => {
  it('asks for a question, then sends it with the ticked fields', async () => {
    apiFetch.mockResolvedValue({});
    const user = renderWithProviders(
      <AskForInformationDialog
        kind="sender"
        profileId={PROFILE_ID}
        name="Oliver Bennett"
        requestableFields={['legal_name', 'address_line1', 'documents']}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Ask for information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for information about Oliver Bennett' });
    await user.click(within(dialog).getByRole('button', { name: 'Send question' }));
    expect(await within(dialog).findByText('Ask the client a question')).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    const question = 'Please upload a utility bill showing your street address.';
    await user.type(within(dialog).getByLabelText('Question to the client'), question);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Address line 1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Proof documents' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send question' }));
    await waitFor(
      () =>
        expect(apiFetch).toHaveBeenCalledWith(requestReviewInformationOperation, {
          params: { kind: 'sender', profileId: PROFILE_ID },
          body: { question, fields: ['address_line1', 'documents'] },
        }),
      { timeout: 10_000 },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Correct details', () => {
  it('needs a reason, sends only the changed fields, and shows a refused field under its input', async () => {
    const user = renderWithProviders(
      <CorrectDetailsDialog kind="sender" profileId={PROFILE_ID} name="Oliver Bennett" details={DETAILS} />,
    );
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the details of Oliver Bennett' });
    const city = within(dialog).getByLabelText('City');
    expect((city as HTMLInputElement).value).toBe('London');
    await user.clear(city);
    await user.type(city, 'Leeds');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(
      await within(dialog).findByText('Say why the details are corrected (at least 3 characters)'),
    ).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    apiFetch.mockRejectedValueOnce(
      refusal([{ field: 'contact_email', message: 'contact_email: is not an email address' }]),
    );
    const email = within(dialog).getByLabelText('Contact email');
    await user.clear(email);
    await user.type(email, 'not an email');
    await user.type(within(dialog).getByLabelText('Why (for staff only)'), 'Confirmed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(
      () =>
        expect(apiFetch).toHaveBeenCalledWith(correctReviewProfileOperation, {
          params: { kind: 'sender', profileId: PROFILE_ID },
          body: { changes: { city: 'Leeds', contact_email: 'not an email' }, reason: 'Confirmed by phone' },
        }),
      { timeout: 10_000 },
    );
    expect(await within(dialog).findByText('contact_email: is not an email address')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe("the client's page", () => {
  it('shows the reviewer’s question and the fields it is about, and offers to submit again', () => {
    render(
      <ReviewStatus
        status="action_required"
        rejectionReason={null}
        requestedInformation={{
          question: 'Which street is the office on?',
          fields: ['address_line1', 'documents'],
          asked_at: '2026-11-29T10:00:00.000Z',
        }}
        editHref="/senders/x/edit"
        onSubmit={() => {}}
        submitting={false}
        submitError={null}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByTestId('requested-question').textContent).toBe(
      'Which street is the office on?',
    );
    expect(alert.textContent).toContain('About: Address line 1, Proof documents');
    expect(within(alert).getByRole('button', { name: 'Submit again' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Edit details' }).getAttribute('href')).toBe(
      '/senders/x/edit',
    );
  });
});

describe("the client's details", () => {
  it('marks the rows a question is about, and says what provider staff corrected without naming anyone', () => {
    render(
      <>
        <DetailList
          highlight={['address_line1']}
          items={[
            ['Legal name', 'Oliver Bennett'],
            ['Address', '14 Canonbury Park North, London'],
          ]}
        />
        <StaffCorrectionNote
          correction={{ corrected_at: '2026-11-29T10:00:00.000Z', changed_fields: ['address_line1', 'city'] }}
        />
      </>,
    );
    const address = screen.getByText('14 Canonbury Park North, London').closest('div')!;
    expect(address.getAttribute('data-asked')).toBe('true');
    expect(address.textContent).toContain('the reviewer asks about this');
    const name = screen.getByText('Oliver Bennett').closest('div')!;
    expect(name.getAttribute('data-asked')).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(
      /^Provider staff corrected Address line 1, City on /,
    );
  });
});
