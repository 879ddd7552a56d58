// @vitest-environment happy-dom
// Choosing a new password from a reset link: the one NewPasswordFields pair, a repetition that differs refused before
// anything is sent, and the API's own rule (length) shown on the password field.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PayoutApiError } from '@/lib/platform/client/errors';

const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { ResetPasswordForm } = await import('./reset-password-form');

describe('the reset password form', () => {
  beforeEach(() => {
    apiFetch.mockReset();
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
