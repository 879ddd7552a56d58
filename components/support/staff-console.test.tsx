// @vitest-environment happy-dom
// The Staff page's dialogs as a support lead uses them: each is a named dialog, roles are labelled boxes (at least
// one, sent in the console's order), refusals are shown where they apply, and nobody can act on their own row.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';

const STAFF = [
  {
    id: 'me',
    email: 'lea@provider.example',
    name: 'Lea Lead',
    staff_roles: ['support_lead'],
    status: 'active',
  },
  {
    id: 'otto',
    email: 'otto@provider.example',
    name: 'Otto Ops',
    staff_roles: ['operations'],
    status: 'invited',
  },
  {
    id: 'old',
    email: 'old@provider.example',
    name: 'Old Timer',
    staff_roles: ['support'],
    status: 'disabled',
  },
];

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: () => ({ isPending: false, isError: false, data: { items: STAFF, meta: { total: 3 } } }),
}));
vi.mock('@/lib/platform/browser/use-refresh', () => ({ useRefresh: () => () => Promise.resolve() }));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { StaffConsole } = await import('./staff-console');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <StaffConsole currentUserId="me" />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function refusal(status: number, code: string, message: string, field?: string) {
  return new PayoutApiError({
    status,
    message,
    messages: [message],
    fieldErrors: field ? [{ field, code, message }] : [],
    code,
    requestId: null,
    headers: new Headers(),
    body: null,
  } as ConstructorParameters<typeof PayoutApiError>[0]);
}

describe('the Staff page', () => {
  beforeEach(() => apiFetch.mockReset());

  it('lists each person with roles and status; one has no actions on their own or a disabled row', async () => {
    renderPage();
    const list = screen.getByRole('list', { name: 'Staff' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Lea Lead (you)'),
      expect.stringContaining('operationsinvited'),
      expect.stringContaining('supportdisabled'),
    ]);
    expect(screen.queryByRole('button', { name: 'Disable Lea Lead' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable Old Timer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable Otto Ops' })).toBeTruthy();
  });

  it('invites with the ticked roles in order, sending only when a name, an email and a role are given', async () => {
    apiFetch.mockResolvedValue({ ...STAFF[1], email: 'tess@provider.example' });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'Tess Treasury');
    await user.type(within(dialog).getByLabelText('Email'), 'tess@provider.example');
    expect(within(dialog).getByRole('group', { name: 'Roles' })).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'support' }));
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Tick at least one role.')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'treasury' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'operations' }));
    await user.click(send);
    expect(
      await screen.findByText('Invitation sent to tess@provider.example', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'inviteStaff' }), {
      body: { email: 'tess@provider.example', name: 'Tess Treasury', roles: ['operations', 'treasury'] },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal on the email field and keeps the dialog open", async () => {
    apiFetch.mockRejectedValueOnce(
      refusal(409, 'staff_email_taken', 'email: ana@acme.example already has an account', 'email'),
    );
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(/already has an account/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("changes a person's roles from their current ones, and says why the server refused", async () => {
    apiFetch.mockRejectedValueOnce(
      refusal(
        409,
        'last_staff_lead',
        'the provider needs at least one active support lead: make someone else a lead first',
      ),
    );
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Change the roles of Otto Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Otto Ops' });
    const operations = within(dialog).getByRole('checkbox', { name: 'operations' });
    expect(operations.getAttribute('aria-checked')).toBe('true');
    await user.click(operations);
    expect(within(dialog).getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'support lead' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(
      await within(dialog).findByText(/at least one active support lead/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'changeStaffRoles' }), {
      params: { userId: 'otto' },
      body: { roles: ['support_lead'] },
    });
  });

  it('asks before disabling, saying what happens', async () => {
    apiFetch.mockResolvedValue({ ...STAFF[1], status: 'disabled' });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Disable Otto Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Otto Ops?' });
    expect(within(dialog).getByText(/signed out everywhere/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Otto Ops was disabled', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith(expect.objectContaining({ id: 'disableStaff' }), {
      params: { userId: 'otto' },
    });
  });
});
