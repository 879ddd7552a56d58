// @vitest-environment happy-dom
// A person switches a kind's email off and saves: only the kinds they may change are sent, security stays on and
// cannot be unticked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { NotificationPreferences } = await import('./notification-preferences');

const preferences = [
  { kind: 'batch_finished', label: 'A batch you made finished', in_app: true, email: true, always_on: false },
  { kind: 'security', label: 'Security notices (always on)', in_app: true, email: true, always_on: true },
];

describe('notification preferences', () => {
  it('saves the changed channel of each kind, never security', async () => {
    apiFetch.mockImplementation(async () => ({ preferences }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <NotificationPreferences />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const security = await screen.findByRole('checkbox', { name: /^By email\W+Security notices/ });
    expect(security.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /^By email\W+A batch you made finished/ }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(apiFetch).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'updateNotificationPreferences' }),
      {
        body: { preferences: [{ kind: 'batch_finished', in_app: true, email: false }] },
      },
    );
    expect(await screen.findByText('Notification preferences saved')).toBeTruthy();
  });
});
