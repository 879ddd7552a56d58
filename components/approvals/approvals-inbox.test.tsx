// @vitest-environment happy-dom
// The Approvals page's inbox as an approver meets it: the view in the URL, what waits for them with each item's title
// and open stage, and approving two at once — a batch on the digest the list showed, a withdrawal through its own
// operation — with a refusal reported beside the approval that went through. Only the network is replaced: the real
// typed fetch and react-query run against a fake of the API's answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let search = new URLSearchParams();
const replace = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace }),
  usePathname: () => '/approvals',
  useSearchParams: () => search,
}));

const { ApprovalsInbox } = await import('./approvals-inbox');

const AT = '2026-11-29T09:00:00.000Z';
const BATCH = '0b6f1c1e-0000-4000-8000-0000000000b1';
const WITHDRAWAL = '0b6f1c1e-0000-4000-8000-0000000000c1';
const pending = (name: string) => ({
  status: 'pending' as const,
  stages: [{ name, required: 2, eligible: { role: 'approver' as const }, approvals: [] }],
  rejection: null,
});
/** An item waiting at its open stage, which the signed-in approver may approve or reject. */
const waitingItem = (
  n: number,
  object_type: string,
  object_id: string,
  title: string,
  stage: string,
  approval_digest: string | null = null,
) => ({
  id: `0b6f1c1e-0000-4000-8000-0000000000a${n}`,
  object_type,
  object_id,
  summary: { title },
  approval: pending(stage),
  approval_digest,
  actions: [
    { name: 'approve', allowed: true, reason: null },
    { name: 'reject', allowed: true, reason: null },
  ],
  created_at: AT,
});
const ITEMS = [
  waitingItem(1, 'batch', BATCH, 'Batch INV-2026-11 of 60,000.00 USDT', 'Finance', 'digest-as-listed'),
  waitingItem(2, 'withdrawal', WITHDRAWAL, 'Withdrawal of 12000 USDT', 'Second approver'),
];
const WALLET = '0b6f1c1e-0000-4000-8000-0000000000d1';
const WALLET_ITEM = waitingItem(3, 'wallet', WALLET, 'Wallet Exchange on TRON', 'Second approver');

let items: unknown[];
let sent: { method: string; path: string; query: string; body: unknown }[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  search = new URLSearchParams();
  replace.mockClear();
  items = ITEMS;
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const [path = input, query = ''] = input.split('?');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path, query, body });
    if (method === 'GET' && path === '/api/v2/approvals')
      return json(200, { items, meta: { limit: 25, page: 1, total: items.length, has_more: false } });
    if (path === `/api/v2/payouts/${BATCH}/approve`)
      return json(409, {
        code: 'review_outdated',
        message: 'The batch changed since it was reviewed. Review it again before approving.',
      });
    if (path === `/api/v2/liquidity/management/withdrawals/${WITHDRAWAL}/approve`) return json(200, {});
    if (path === `/api/v2/liquidity/management/wallets/${WALLET}/reject`) return json(200, {});
    return json(404, { code: 'not_found', message: `${method} ${path} is not faked` });
  });
});

afterEach(() => vi.unstubAllGlobals());

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApprovalsInbox />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the approvals inbox', () => {
  it('reads "waiting for me" by default and lists each item with its title and open stage', async () => {
    show();
    expect(await screen.findByRole('link', { name: 'Batch INV-2026-11 of 60,000.00 USDT' })).toBeTruthy();
    expect(screen.getByText('Finance: 0 of 2 from approvers or admins')).toBeTruthy();
    expect(sent[0]?.query).toContain('view=waiting_for_me');
    expect(screen.getByRole('tab', { name: 'Waiting for me' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps another view in the URL', async () => {
    const user = show();
    await screen.findByRole('link', { name: 'Withdrawal of 12000 USDT' });
    await user.click(screen.getByRole('tab', { name: 'Decided' }));
    expect(replace).toHaveBeenCalledWith('/approvals?view=decided', { scroll: false });
  });

  it('approves each ticked item through its own operation, the batch on the listed digest, and reports a refusal', async () => {
    const user = show();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('1 approved, 1 not approved.');
    expect(report.textContent).toContain('The batch changed since it was reviewed.');
    const writes = sent.filter((request) => request.method === 'POST');
    expect(writes).toEqual([
      expect.objectContaining({
        path: `/api/v2/payouts/${BATCH}/approve`,
        body: { approval_digest: 'digest-as-listed' },
      }),
      expect.objectContaining({ path: `/api/v2/liquidity/management/withdrawals/${WITHDRAWAL}/approve` }),
    ]);
  });

  it('rejects a wallet through its own operation, with the reason given', async () => {
    items = [WALLET_ITEM];
    const user = show();
    await screen.findByRole('link', { name: 'Wallet Exchange on TRON' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not our exchange account');
    await user.click(within(dialog).getByRole('button', { name: /Reject/ }));
    await vi.waitFor(() =>
      expect(sent.filter((request) => request.method === 'POST')).toEqual([
        expect.objectContaining({
          path: `/api/v2/liquidity/management/wallets/${WALLET}/reject`,
          body: { reason: 'Not our exchange account' },
        }),
      ]),
    );
  });

  it('offers no approving in the pending view', async () => {
    search = new URLSearchParams('view=pending');
    show();
    await screen.findByRole('link', { name: 'Withdrawal of 12000 USDT' });
    expect(sent[0]?.query).toContain('view=pending');
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
  });
});
