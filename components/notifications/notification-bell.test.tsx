// @vitest-environment happy-dom
// The bell as a person uses it: the unread count on the button and told to screen readers, the latest notifications
// linking to the page to act on, and marking one or all read (after which the count is fetched again).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { NotificationBell } = await import('./notification-bell');

const items = [
  {
    id: 'n1',
    kind: 'batch_finished',
    title: 'Batch MAY-SUPPLIERS partly failed',
    body: '1 of 2 payments completed.',
    link: '/batches/b1',
    read_at: null,
    created_at: '2026-11-29T10:00:00.000Z',
  },
  {
    id: 'n2',
    kind: 'deposit_credited',
    title: '500.00 USDT credited',
    body: 'A deposit on tron was credited to the available balance.',
    link: '/',
    read_at: '2026-11-29T09:00:00.000Z',
    created_at: '2026-11-29T08:00:00.000Z',
  },
];

let unread = 1;
beforeEach(() => {
  unread = 1;
  apiFetch.mockReset();
  apiFetch.mockImplementation(async (operation: { id: string }, args?: { query?: { unread?: string } }) => {
    if (operation.id === 'listNotifications') {
      const list = args?.query?.unread === 'true' ? items.slice(0, unread) : items;
      return { items: list, meta: { limit: 10, page: 1, total: list.length, has_more: false } };
    }
    if (operation.id === 'readAllNotifications' || operation.id === 'readNotification') {
      unread = 0;
      return { marked_read: 1 };
    }
    throw new Error(`unexpected ${operation.id}`);
  });
});

function renderBell() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationBell />
    </QueryClientProvider>,
  );
}

describe('the notification bell', () => {
  it('names the unread count on its button and tells it to screen readers', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread notification' })).toBeTruthy();
    expect(screen.getByText('1 unread notification').getAttribute('aria-live')).toBe('polite');
  });

  it('opens on the latest notifications, each linking to its page, and marks all read', async () => {
    renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Notifications, 1 unread/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: 'Batch MAY-SUPPLIERS partly failed' });
    expect(link.getAttribute('href')).toBe('/batches/b1');
    // Only the unread one offers "Mark read".
    expect(within(panel).getAllByRole('button', { name: /^Mark read/ })).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'readAllNotifications' }));
    expect(
      await screen.findByRole('button', { name: 'Notifications, no unread notifications' }),
    ).toBeTruthy();
  });

  it('marks one read by its id', async () => {
    renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('button', { name: /^Mark read\W+Batch MAY-SUPPLIERS/ }));
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'readNotification' }), {
      params: { notificationId: 'n1' },
    });
  });
});
