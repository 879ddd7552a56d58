// Owns what a new password must be: long enough to resist guessing, short enough that scrypt stays cheap.
import { ApiError } from '@/lib/platform/errors/api-error';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Throws a `validation` error naming `field` when the password will not do (NIST 800-63B: length, not composition
 * rules).
 */
export function checkNewPassword(password: string, context: { email?: string; field: string }): void {
  const problem =
    password.length < MIN_PASSWORD_LENGTH
      ? `must be at least ${MIN_PASSWORD_LENGTH} characters`
      : password.length > MAX_PASSWORD_LENGTH
        ? `must be at most ${MAX_PASSWORD_LENGTH} characters`
        : password.trim().length === 0
          ? 'must not be blank'
          : context.email && password.trim().toLowerCase() === context.email.trim().toLowerCase()
            ? 'must not be your email address'
            : null;
  if (problem) {
    throw ApiError.validation([
      { field: context.field, code: 'weak_password', message: `${context.field}: ${problem}` },
    ]);
  }
}
