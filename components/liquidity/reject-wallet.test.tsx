// @vitest-environment happy-dom
// The address book as a second approver meets a new address waiting for approval: Reject sits beside Approve, asks for
// a reason (nothing is sent without one) and sends it; whoever added the address is offered neither.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import { listWalletsOperation, rejectWalletOperation } from '@/lib/liquidity/contract/routes';

const WALLET = '0b6f1c1e-0000-4000-8000-00000000a001';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ME = '0b6f1c1e-0000-4000-8000-0000000000b1';
const OTHER = '0b6f1c1e-0000-4000-8000-0000000000b2';

let addedBy = OTHER;
vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: (operation: { id: string }) => ({
    isPending: false,
    isError: false,
    error: null,
    data:
      operation.id === listWalletsOperation.id
        ? {
            items: [
              {
                id: WALLET,
                chain_id: '0b6f1c1e-0000-4000-8000-00000000c001',
                chain: 'tron',
                address: ADDRESS,
                label: 'New supplier',
                status: 'PENDING_APPROVAL',
                usable_from: '2026-11-01T00:00:00.000Z',
                removed_at: null,
                added_by: { type: 'user', user_id: addedBy, name: 'Ben Okafor' },
                // As the server answers this person: whoever added it may neither approve nor reject it.
                actions: ['approve', 'reject'].map((name) => ({
                  name,
                  allowed: addedBy !== ME,
                  reason: addedBy === ME ? 'You added this wallet' : null,
                })),
                approved_by: null,
                created_at: '2026-11-01T00:00:00.000Z',
              },
            ],
            meta: { total: 1 },
          }
        : { items: [], meta: { total: 0 } },
    refetch: () => undefined,
  }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { AddressBook } = await import('./address-book');

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ userId: ME, role: 'approver', sandbox: true }}>
        <ToastProvider>
          <AddressBook canEdit />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('rejecting a new address', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    addedBy = OTHER;
  });

  it('Reject beside Approve asks for a reason, sends nothing without one, then sends it', async () => {
    apiFetch.mockResolvedValue({});
    const user = show();
    const row = screen.getByRole('row', { name: /New supplier/ });
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this address' });
    expect(dialog.textContent).toContain(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Reject address' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Reason/), 'Not our supplier’s address');
    await user.click(within(dialog).getByRole('button', { name: 'Reject address' }));
    await waitFor(
      () =>
        expect(apiFetch).toHaveBeenCalledWith(rejectWalletOperation, {
          params: { walletId: WALLET },
          body: { reason: 'Not our supplier’s address' },
        }),
      { timeout: 10_000 },
    );
  });

  it('whoever added the address is offered neither Approve nor Reject', () => {
    addedBy = ME;
    show();
    const row = screen.getByRole('row', { name: /New supplier/ });
    expect(within(row).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
