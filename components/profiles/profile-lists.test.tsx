// @vitest-environment happy-dom
// The senders and beneficiaries lists as a finance user meets them: each row names the profile and links to its page,
// shows its reference and status, the status filter asks the API for that status, and an empty list says how to
// register the first one.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

let search = new URLSearchParams();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profiles',
  useSearchParams: () => search,
}));

const asked: { operation: string; query: Record<string, string> }[] = [];
const pages: Record<string, unknown[]> = {};
vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: (operation: { id: string }, args: { query?: Record<string, string> }) => {
    asked.push({ operation: operation.id, query: args.query ?? {} });
    const items = pages[operation.id] ?? [];
    return {
      data: { items, meta: { total: items.length } },
      error: null,
      isPending: false,
      refetch: vi.fn(),
    };
  },
}));
vi.mock('./queries', () => ({
  useAllSenders: () => ({ data: { items: [{ id: SENDER.id, legal_name: SENDER.legal_name }] } }),
}));

const { ToastProvider } = await import('@/components/ui/toast');
const { SendersList } = await import('./senders-list');
const { BeneficiariesList } = await import('./beneficiaries-list');

const SENDER = {
  id: '0b6f1c1e-0000-4000-8000-000000000001',
  type: 'company',
  legal_name: 'Acme Trading Ltd',
  country: 'GB',
  client_reference: 'ERP-7',
  status: 'ready',
  created_at: '2026-11-01T10:00:00.000Z',
};
const BENEFICIARY = {
  id: '0b6f1c1e-0000-4000-8000-000000000002',
  sender_profile_id: SENDER.id,
  name: 'Lumière SARL',
  currency: 'EUR',
  bank_country: 'FR',
  iban_last4: '0189',
  account_number_last4: null,
  client_reference: null,
  status: 'in_review',
  created_at: '2026-11-02T10:00:00.000Z',
};

beforeEach(() => {
  search = new URLSearchParams();
  asked.length = 0;
  for (const key of Object.keys(pages)) delete pages[key];
});

describe('the profile lists', () => {
  it('link each sender to its page with its reference and status', () => {
    pages.listSenders = [SENDER];
    render(<SendersList />);
    const row = screen.getByRole('link', { name: 'Acme Trading Ltd' }).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Acme Trading Ltd' }).getAttribute('href')).toBe(
      `/senders/${SENDER.id}`,
    );
    expect(within(row).getByText('ERP-7')).toBeTruthy();
    expect(within(row).getByText('Ready')).toBeTruthy();
    expect(within(row).getByText('Company')).toBeTruthy();
  });

  it('link each beneficiary to its page with its sender and no reference shown as a dash', () => {
    pages.listBeneficiaries = [BENEFICIARY];
    render(
      <ToastProvider>
        <BeneficiariesList />
      </ToastProvider>,
    );
    const link = screen.getByRole('link', { name: 'Lumière SARL' });
    expect(link.getAttribute('href')).toBe(`/beneficiaries/${BENEFICIARY.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Acme Trading Ltd')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).getByText('In review')).toBeTruthy();
  });

  it('ask the API for the status the URL filters by', () => {
    search = new URLSearchParams('status=rejected');
    render(<SendersList />);
    expect(asked.find((call) => call.operation === 'listSenders')?.query.status).toBe('rejected');
    expect(screen.getByText('No senders in this status')).toBeTruthy();
  });

  it('say how to register the first one when there is none', () => {
    render(
      <ToastProvider>
        <BeneficiariesList />
      </ToastProvider>,
    );
    expect(screen.getByText('No beneficiaries yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a beneficiary' }).getAttribute('href')).toBe(
      '/beneficiaries/new',
    );
  });
});
