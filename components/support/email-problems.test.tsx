// @vitest-environment happy-dom
// The emails page as staff meet it: each message says what its state means, an unknown one warns before a second
// copy, a message whose body is gone explains that its sender must trigger it again, and "Mark resolved" is never
// sent without a note.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resendEmailProblemOperation, resolveEmailProblemOperation } from '@/lib/support/contract/routes';

const item = (id: string, overrides: Record<string, unknown>) => ({
  id,
  org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
  org_name: 'Acme Trading Ltd',
  to: `${id.slice(-3)}@client.test`,
  kind: 'invitation',
  subject: 'Ann invited you to Acme Trading Ltd on the payout portal',
  state: 'failed',
  attempts: 1,
  last_error: 'Mailbox unavailable: 550',
  can_resend: true,
  resolution: null,
  resolved_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  last_attempt_at: '2026-11-28T10:00:01.000Z',
  ...overrides,
});
const FAILED = item('0b6f1c1e-0000-4000-8000-00000000e001', {});
const UNKNOWN = item('0b6f1c1e-0000-4000-8000-00000000e002', {
  state: 'unknown',
  last_error: 'Connection closed',
});
const GONE = item('0b6f1c1e-0000-4000-8000-00000000e003', { can_resend: false });

vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace: vi.fn() }),
  usePathname: () => '/support/emails',
  useSearchParams: () => new URLSearchParams(''),
}));
vi.mock('@/lib/platform/browser/queries', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/queries')>()),
  useApiQuery: () => ({
    isPending: false,
    isError: false,
    data: { items: [FAILED, UNKNOWN, GONE], meta: { limit: 50, page: 1, total: 3 } },
  }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { EmailProblems } = await import('./email-problems');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <EmailProblems />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const row = (to: string) => screen.getByText(to).closest('tr') as HTMLElement;

describe('email problems', () => {
  beforeEach(() => apiFetch.mockReset());

  it('says what each state means, and what to do when the body is gone', () => {
    renderPage();
    expect(within(row(FAILED.to)).getByText(/nothing was delivered/)).toBeTruthy();
    expect(within(row(UNKNOWN.to)).getByText(/it may have arrived/)).toBeTruthy();
    expect(within(row(GONE.to)).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(within(row(GONE.to)).getByText(/the sender must trigger it again/)).toBeTruthy();
    expect(within(row(FAILED.to)).getByText(/550/)).toBeTruthy();
  });

  it('warns before sending an unknown message again, then sends a fresh copy', async () => {
    const user = renderPage();
    apiFetch.mockResolvedValue({ email: { ...UNKNOWN, resolution: 'resent' }, resent_as: FAILED.id });
    await user.click(within(row(UNKNOWN.to)).getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/may get it twice/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(resendEmailProblemOperation, { params: { emailId: UNKNOWN.id } }),
    );
  });

  it('never marks a message resolved without a note', async () => {
    const user = renderPage();
    apiFetch.mockResolvedValue({ ...FAILED, resolution: 'resolved' });
    await user.click(within(row(FAILED.to)).getByRole('button', { name: 'Mark resolved' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(dialog).findByText(/at least 3 characters/)).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('How it was resolved'), 'Recipient confirmed it arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(resolveEmailProblemOperation, {
        params: { emailId: FAILED.id },
        body: { note: 'Recipient confirmed it arrived' },
      }),
    );
  });
});
