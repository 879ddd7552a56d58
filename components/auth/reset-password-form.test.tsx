// @vitest-environment happy-dom
// Choosing a new password from a reset link: the one NewPasswordFields pair, a repetition that differs refused before
// anything is sent, the API's own rule (length) shown on the password field, and the person signed in afterwards.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PayoutApiError } from '@/lib/platform/client/errors';

const replace = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace, refresh: vi.fn() }) }));
const signIn = vi.fn();
vi.mock('next-auth/react', () => ({ signIn: (...args: unknown[]) => signIn(...args) }));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { ResetPasswordForm } = await import('./reset-password-form');

describe('the reset password form', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    signIn.mockReset();
    replace.mockReset();
  });

  async function setPassword(signInAfter = true) {
    render(<ResetPasswordForm token="t0k3n" signInAfter={signInAfter} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the new password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
  }

  it('signs the person in with the new password and takes them home (a new staff member: the console)', async () => {
    apiFetch.mockResolvedValue({ email: 'lea@provider.example' });
    signIn.mockResolvedValue({ ok: true, error: null });
    await setPassword();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(signIn).toHaveBeenCalledWith('credentials', {
      email: 'lea@provider.example',
      password: 'correct horse battery',
      redirect: false,
    });
  });

  it('sends a person whose sign-in needs a second factor to the sign-in page', async () => {
    apiFetch.mockResolvedValue({ email: 'kim@acme.example' });
    signIn.mockResolvedValue({ ok: false, error: 'two_factor_required' });
    await setPassword();
    expect(await screen.findByRole('link', { name: 'Sign in as kim@acme.example' })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('a reset (not a first password) signs nobody in: the person signs in again', async () => {
    apiFetch.mockResolvedValue({ email: 'kim@acme.example' });
    await setPassword(false);
    expect(await screen.findByRole('link', { name: 'Sign in as kim@acme.example' })).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('keeps Set disabled until both fields are filled, and refuses two different passwords', async () => {
    render(<ResetPasswordForm token="t0k3n" />);
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Set the new password' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the new password'), 'correct horse batery');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    expect(await screen.findByText('The two passwords differ.')).toBeTruthy();
    expect(screen.getByLabelText('Repeat the new password').getAttribute('aria-invalid')).toBe('true');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("shows the API's refusal on the password field, without its wire name", async () => {
    apiFetch.mockRejectedValue(
      new PayoutApiError({
        status: 422,
        message: 'password: must be at least 10 characters',
        messages: ['password: must be at least 10 characters'],
        fieldErrors: [
          { field: 'password', code: 'too_small', message: 'password: must be at least 10 characters' },
        ],
        requestId: null,
        headers: new Headers(),
        body: null,
      }),
    );
    render(<ResetPasswordForm token="t0k3n" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Must be at least 10 characters')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true'),
    );
  });
});
