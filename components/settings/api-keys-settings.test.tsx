// @vitest-environment happy-dom
// The create-key form refuses, beside the field, what the API would refuse (its rules come from the API's own
// createApiKey schema), and sends nothing until the values are ones the API takes.
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

const { ApiKeysSettings } = await import('./api-keys-settings');

async function openForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ userId: 'me', role: 'admin', sandbox: true }}>
        <ToastProvider>
          <ApiKeysSettings orgId="org" />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Create API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
  return { user, dialog };
}

describe('creating an API key', () => {
  beforeEach(() => apiFetch.mockReset());

  it('refuses a rate limit outside what the API takes and sends nothing', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Name'), 'ERP integration');
    const limit = within(dialog).getByLabelText('Requests per minute');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Between 1 and 100,000', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('asks for the public key when uploading one, then sends what the API takes', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Name'), '  ERP integration ');
    await user.click(within(dialog).getByLabelText(/Use my own public key/));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Paste the public key', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    apiFetch.mockResolvedValue({
      id: 'key',
      name: 'ERP integration',
      prefix: 'sk_sandbox_Qm3x',
      role: 'member',
      rate_limit_per_minute: 100,
      public_key_pem: 'PEM',
      created_by: 'Me',
      created_at: '2026-11-29T08:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
      api_key: 'sk_sandbox_Qm3x…',
      shared_secret: 'secret',
      private_key_pem: null,
    });
    await user.type(within(dialog).getByLabelText('Public key (PEM)'), 'PEM');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(apiFetch.mock.calls[0]![1]).toEqual({
      body: { name: 'ERP integration', role: 'member', rate_limit_per_minute: 100, public_key: 'PEM' },
    });
  });
});
