// Owns the rules of the forms that choose or use a password, loaded after the page (see lib/platform/browser/lazy-schema.ts):
// the API checks strength; the page checks that nothing is missing and that the repetition matches.
import { z } from 'zod';

const filled = (message: string) => z.string().min(1, message);

/** The fields of `shape` plus a new password under `name` and its repetition under `confirm`, which must match. */
function withNewPassword(shape: Record<string, z.ZodType<string>>, name: string, mismatch: string) {
  return z
    .object({ ...shape, [name]: filled('Enter a password'), confirm: filled('Repeat the password') })
    .refine((values: Record<string, unknown>) => values[name] === values.confirm, {
      path: ['confirm'],
      message: mismatch,
    });
}

export const resetPassword = withNewPassword({}, 'password', 'The two passwords differ.');

export const signUp = withNewPassword(
  { name: z.string().trim().min(1, 'Enter your name') },
  'password',
  'The two passwords differ.',
);

export const changePassword = withNewPassword(
  { current_password: filled('Enter your current password') },
  'new_password',
  'The two new passwords differ.',
);

export const forgotPassword = z.object({ email: filled('Enter your email address') });

export const enrolTwoFactor = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

export const confirmWithPassword = z.object({
  password: filled('Enter your password'),
  code: z.string(),
});

export const signIn = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address'),
  password: filled('Enter your password'),
  code: z.string().trim(),
});
