// Owns the wire shapes of the signed-in person's own security: password, second factor, recovery codes, and the
// organization's two-factor policy; plus the unauthenticated reset and invitation sign-up bodies.
import { z } from 'zod';
import { timestampSchema } from '@/lib/platform/schemas/common';

const password = (description: string) => z.string().min(1).max(1024).meta({ description });

export const changePasswordBody = z
  .object({
    current_password: password('Your password now'),
    new_password: password('At least 10 characters; not your email address'),
  })
  .strict()
  .meta({ id: 'ChangePasswordRequest' });

export const passwordChangedSchema = z
  .object({
    sessions_ended: z.number().int().meta({ description: 'Your other signed-in sessions that ended' }),
  })
  .meta({ id: 'PasswordChanged' });

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: timestampSchema.nullable(),
    recovery_codes_remaining: z.number().int(),
    required_by: z.array(z.string()).meta({ description: 'Your organizations that require a second factor' }),
  })
  .meta({ id: 'TwoFactorStatus' });

export const twoFactorEnrolmentSchema = z
  .object({
    secret: z.string().meta({ description: 'Base32 secret, for typing into an app that cannot scan' }),
    otpauth_uri: z.string().meta({ description: 'The otpauth:// URI the QR code carries' }),
  })
  .meta({ id: 'TwoFactorEnrolment' });

export const twoFactorCodeBody = z
  .object({
    code: z.string().trim().min(6).max(12).meta({ description: 'The 6-digit code the app shows now' }),
  })
  .strict()
  .meta({ id: 'TwoFactorCodeRequest' });

export const passwordConfirmationBody = z
  .object({ password: password('Your password, to confirm it is you') })
  .strict()
  .meta({ id: 'PasswordConfirmation' });

export const disableTwoFactorBody = z
  .object({
    password: password('Your password, to confirm it is you'),
    code: z.string().trim().min(6).max(12).optional().meta({
      description:
        'The 6-digit code your authenticator app shows now, or one of your recovery codes. Required while the second factor is on (400 `code_required`).',
    }),
  })
  .strict()
  .meta({ id: 'DisableTwoFactorRequest' });

export const recoveryCodesSchema = z
  .object({
    recovery_codes: z.array(z.string()).meta({
      description:
        'Ten one-time codes for when the phone is lost. Shown this once: only their hashes are kept.',
    }),
  })
  .meta({ id: 'RecoveryCodes' });

export const securityPolicySchema = z
  .object({
    require_two_factor: z.boolean(),
    members_without_two_factor: z.number().int(),
  })
  .meta({ id: 'SecurityPolicy' });

export const updateSecurityPolicyBody = z
  .object({ require_two_factor: z.boolean() })
  .strict()
  .meta({ id: 'UpdateSecurityPolicyRequest' });

/** `POST /api/auth/password-reset` (no session). */
export const requestPasswordResetBody = z
  .object({ email: z.email({ error: 'must be an email address' }).max(254) })
  .strict();

/** `POST /api/auth/password-reset/complete` (no session; the token is the proof). */
export const completePasswordResetBody = z
  .object({ token: z.string().min(1).max(200), password: password('The new password') })
  .strict();

/** `POST /api/auth/invitations/{token}/sign-up` (no session; a new person joins by setting a password). */
export const invitationSignUpBody = z
  .object({ name: z.string().trim().min(1).max(100), password: password('The password to sign in with') })
  .strict();

export const passwordResetRequestedSchema = z.object({ message: z.string() });
export const passwordResetCompletedSchema = z.object({ email: z.string() });
