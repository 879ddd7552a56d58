// @vitest-environment happy-dom
// The payment files panel as an operator meets it: download a built file, mark it sent or cancel it; upload the bank's
// report and read what it did — applied, already final, unmatched — or that it was already applied.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import {
  applyPaymentReportOperation,
  cancelPaymentFileOperation,
  markPaymentFileSentOperation,
} from '@/lib/payouts/contract/routes';

const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const COLLEAGUE = '0b6f1c1e-0000-4000-8000-0000000000a2';
const file = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `0b6f1c1e-0000-4000-8000-00000000e00${n}`,
  format: 'pain.001.001.09',
  status: 'built',
  currency: 'EUR',
  payout_account_id: '0b6f1c1e-0000-4000-8000-0000000000c1',
  message_id: `0b6f1c1e0000400080000000000e00${n}`,
  transaction_count: 3,
  control_sum: '600.50',
  filename: `pain001-EUR-0b6f1c1e0000400080000000000e00${n}.xml`,
  sha256: 'a'.repeat(64),
  order_ids: [],
  created_by_user_id: ME,
  created_at: '2026-11-29T10:00:00.000Z',
  sent_by_user_id: null,
  sent_at: null,
  cancelled_by_user_id: null,
  cancelled_at: null,
  ...overrides,
});
const FILES = { data: [file(1), file(2, { status: 'sent', created_by_user_id: COLLEAGUE })] };
const REPORT = {
  id: '0b6f1c1e-0000-4000-8000-0000000000d1',
  format: 'pain.002.001.10',
  file_id: file(2).id,
  filename: 'status.xml',
  sha256: 'b'.repeat(64),
  uploaded_by_user_id: ME,
  created_at: '2026-11-29T12:00:00.000Z',
  already_applied: false,
  applied: [{ order_id: '0b6f1c1e-0000-4000-8000-00000000f001', status: 'ACSC', outcome: 'COMPLETED' }],
  recorded: [],
  already_final: [
    { order_id: '0b6f1c1e-0000-4000-8000-00000000f002', status: 'ACSC', order_status: 'COMPLETED' },
  ],
  unmatched: [{ reference: 'ffffffffffffffffffffffffffffffff', status: 'RJCT', reason: 'matches no order' }],
};

vi.mock('@/lib/platform/browser/queries', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/queries')>()),
  useApiQuery: () => ({ isPending: false, isError: false, data: FILES }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { DeskPaymentFiles } = await import('./desk-payment-files');

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <DeskPaymentFiles me={ME} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => apiFetch.mockReset());

describe('payment files panel', () => {
  it('downloads any file, and marks sent or cancels only a built one', async () => {
    apiFetch.mockResolvedValue(file(1, { status: 'sent' }));
    const user = renderPanel();
    const [built, sent] = screen.getAllByRole('row').slice(1);
    expect(within(built!).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/v2/support/desk/payment-files/${file(1).id}/content`,
    );
    expect(within(built!).getByText('built by you: someone else applies its report')).toBeTruthy();
    // On a phone each file is a card whose cells name their column (unlabelled cells ran off a 390 px screen).
    expect([...built!.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'File',
      'Format',
      'Transactions',
      'Status',
      '',
    ]);
    expect(within(sent!).queryByRole('button', { name: 'Mark sent' })).toBeNull();
    expect(within(sent!).getByRole('link', { name: 'Download' })).toBeTruthy();
    await user.click(within(built!).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(markPaymentFileSentOperation, { params: { fileId: file(1).id } }),
    );
    expect(await screen.findByText('File marked sent: its orders are in flight')).toBeTruthy();
    await user.click(within(built!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenLastCalledWith(cancelPaymentFileOperation, {
        params: { fileId: file(1).id },
      }),
    );
  });

  it("uploads the bank's report and lists what it did, unmatched entries included", async () => {
    apiFetch.mockResolvedValue(REPORT);
    const user = renderPanel();
    const upload = screen.getByRole('button', { name: 'Upload report' });
    expect((upload as HTMLButtonElement).disabled).toBe(true);
    await user.upload(
      screen.getByLabelText('Bank report (pain.002, camt.054 or CSV)'),
      new File(['<Document/>'], 'status.xml', { type: 'application/xml' }),
    );
    await user.click(upload);
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(applyPaymentReportOperation, expect.anything()),
    );
    const body = (apiFetch.mock.calls[0]![1] as { body: FormData }).body;
    expect((body.get('file') as File).name).toBe('status.xml');
    expect(
      await screen.findByText('1 applied, 0 recorded without a change, 1 already final, 1 unmatched.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Unmatched entries' })).getByText(
        'ffffffffffffffffffffffffffffffff RJCT: matches no order',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Already final' })).toBeTruthy();
  });

  it('says so when the same report was already applied', async () => {
    apiFetch.mockResolvedValue({ ...REPORT, already_applied: true });
    const user = renderPanel();
    await user.upload(
      screen.getByLabelText('Bank report (pain.002, camt.054 or CSV)'),
      new File(['<Document/>'], 'status.xml', { type: 'application/xml' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload report' }));
    expect(await screen.findByText('This report was already applied: nothing changed.')).toBeTruthy();
  });
});
