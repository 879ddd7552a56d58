// Owns the rules of the identity forms (sign-in, passwords, second factor, API keys, invitations), loaded after the
// page (see lib/platform/browser/lazy-schema.ts). Each field is held to the wire schema of the operation it is sent to
// (lib/platform/browser/wire-rule.ts), so the API's limits are written once, in this contract; the form adds only what
// a person types that the API never sees (a repeated password, the key's source, text with spaces around it) and the
// words a person reads. The API checks everything again (password strength, a duplicate name, a key that is not P-256).
import { z } from 'zod';
import {
  changePasswordBody,
  completePasswordResetBody,
  invitationSignUpBody,
  passwordConfirmationBody,
  requestPasswordResetBody,
  twoFactorCodeBody,
} from '@/lib/identity/contract/account-schemas';
import { createApiKeyBody } from '@/lib/identity/contract/api-keys-schemas';
import { createInvitationBody } from '@/lib/identity/contract/team-schemas';
import { noneIfEmpty, wireRule, wireText } from '@/lib/platform/browser/wire-rule';

/** A password field held to the wire's password rule (1 to 1024 characters); the API judges its strength. */
const password = (wire: z.ZodType, missing: string) =>
  z.string().superRefine(wireRule(wire, { too_small: missing, too_big: 'At most 1024 characters' }));

/** The fields of `shape` plus a new password under `name` and its repetition under `confirm`, which must match. */
function withNewPassword(
  shape: Record<string, z.ZodType<string>>,
  name: string,
  wire: z.ZodType,
  mismatch: string,
) {
  return (
    z
      // Form-only: the repetition never leaves the page; it catches a typo the person could not see.
      .object({
        ...shape,
        [name]: password(wire, 'Enter a password'),
        confirm: z.string().min(1, 'Repeat the password'),
      })
      .refine((values: Record<string, unknown>) => values[name] === values.confirm, {
        path: ['confirm'],
        message: mismatch,
      })
  );
}

// An empty field reaches the wire as no address at all (noneIfEmpty), so it is asked for rather than called malformed.
const emailWords = (missing: string) => ({
  invalid_type: missing,
  invalid_format: 'Enter a valid email address',
  too_big: 'At most 254 characters',
});

export const resetPassword = withNewPassword(
  {},
  'password',
  completePasswordResetBody.shape.password,
  'The two passwords differ.',
);

export const signUp = withNewPassword(
  {
    name: wireText(invitationSignUpBody.shape.name, {
      too_small: 'Enter your name',
      too_big: 'At most 100 characters',
    }),
  },
  'password',
  invitationSignUpBody.shape.password,
  'The two passwords differ.',
);

export const changePassword = withNewPassword(
  { current_password: password(changePasswordBody.shape.current_password, 'Enter your current password') },
  'new_password',
  changePasswordBody.shape.new_password,
  'The two new passwords differ.',
);

export const forgotPassword = z.object({
  email: wireText(requestPasswordResetBody.shape.email, emailWords('Enter your email address'), noneIfEmpty),
});

export const enrolTwoFactor = z.object({
  // Form-only: enrolling takes the app's 6-digit code; the wire also accepts a recovery code (up to 12), which is for
  // signing in, not for proving the app is set up.
  code: z
    .string()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code', abort: true })
    .superRefine(wireRule(twoFactorCodeBody.shape.code, 'Enter the 6-digit code')),
});

export const confirmWithPassword = z.object({
  password: password(passwordConfirmationBody.shape.password, 'Enter your password'),
  code: z.string(),
});

// Signing in goes through next-auth's credentials provider, which has no wire schema in the contract: these rules are
// the form's own (a complete address and a password typed).
export const signIn = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
  code: z.string().trim(),
});

const apiKeyField = createApiKeyBody.shape;

export const createApiKey = z
  .object({
    name: wireText(apiKeyField.name, { too_small: 'Name the key', too_big: 'At most 100 characters' }),
    role: apiKeyField.role.unwrap(),
    // Form-only: typed as text; read as the whole number the API receives.
    rate_limit_per_minute: z
      .string()
      .regex(/^\d+$/, { error: 'A whole number of requests', abort: true })
      .superRefine(wireRule(apiKeyField.rate_limit_per_minute, 'Between 1 and 100,000', Number)),
    // Form-only: generate a key pair or upload a public key; only an uploaded key is sent.
    source: z.enum(['generate', 'upload']),
    public_key: z
      .string()
      .superRefine(wireRule(apiKeyField.public_key, { too_big: 'At most 4096 characters' })),
  })
  .refine((values) => values.source === 'generate' || values.public_key.trim() !== '', {
    path: ['public_key'],
    message: 'Paste the public key',
  });

export const invitation = z.object({
  email: wireText(createInvitationBody.shape.email, emailWords('Enter their email address'), noneIfEmpty),
  role: createInvitationBody.shape.role,
});
