// @vitest-environment happy-dom
// A support lead opening a client organization: a named dialog whose products are labelled boxes (at least one),
// a margin refused in words before anything is sent, and the new organization's page opened after success.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { CreateOrganizationDialog } = await import('./organization-create-dialog');

async function openDialog() {
  render(
    <ToastProvider>
      <CreateOrganizationDialog />
    </ToastProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'New organization' }));
  const dialog = await screen.findByRole('dialog', { name: 'Open a client organization' });
  return { user, dialog };
}

describe('opening a client organization', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    push.mockReset();
  });

  it('sends the name, the ticked products, the margin and the admin email, then opens its page', async () => {
    apiFetch.mockResolvedValue({
      id: 'org-1',
      name: 'Nordwind GmbH',
      admin_invitation: { email: 'ada@nordwind.example' },
    });
    const { user, dialog } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Open and invite' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Organization name'), 'Nordwind GmbH');
    await user.type(within(dialog).getByLabelText("First admin's email"), 'ada@nordwind.example');
    const products = within(dialog).getByRole('group', { name: 'Products' });
    const boxes = within(products).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    await user.click(boxes[0]!);
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Tick at least one product.')).toBeTruthy();
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.type(within(dialog).getByLabelText(/Default margin/), '45');
    await user.click(send);
    expect(await screen.findByText('Nordwind GmbH is open', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'createClientOrganization' }), {
      body: {
        name: 'Nordwind GmbH',
        admin_email: 'ada@nordwind.example',
        entitlements: ['payouts', 'liquidity_management'],
        margin_bps: '45',
      },
    });
    expect(push).toHaveBeenCalledWith('/support/organizations/org-1');
  });

  it('refuses a margin that is not basis points before sending anything', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Organization name'), 'Nordwind GmbH');
    await user.type(within(dialog).getByLabelText("First admin's email"), 'ada@nordwind.example');
    await user.type(within(dialog).getByLabelText(/Default margin/), '12000');
    await user.click(within(dialog).getByRole('button', { name: 'Open and invite' }));
    expect(
      await within(dialog).findByText(
        'Basis points such as 50 (0.50 %), below 10000',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
