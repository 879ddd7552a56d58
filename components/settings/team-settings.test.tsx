// @vitest-environment happy-dom
// After an invitation the admin learns where the link went: in the sandbox nothing is mailed, so the notice points to
// Sandbox emails; otherwise it names the address it was sent to.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: () => ({ isPending: false, isError: false, data: { items: [], meta: { total: 0 } } }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { TeamSettings } = await import('./team-settings');

async function invite(sandbox: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ userId: 'me', role: 'admin', sandbox }}>
        <ToastProvider>
          <TeamSettings currentUserId="me" />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Invite someone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
  await user.type(within(dialog).getByLabelText('Email'), 'kim@acme.example');
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
}

describe('after an invitation', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    apiFetch.mockResolvedValue({ id: 'inv', email: 'kim@acme.example', role: 'member' });
  });

  it('the sandbox says the invitation email is in Sandbox emails', async () => {
    await invite(true);
    expect(
      await screen.findByText('The invitation email is in Sandbox emails.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Invitation sent to/)).toBeNull();
  });

  it('otherwise it names the address the invitation was sent to', async () => {
    await invite(false);
    expect(
      await screen.findByText('Invitation sent to kim@acme.example', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Sandbox emails/)).toBeNull();
  });
});
