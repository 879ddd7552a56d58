// Owns the event types of account security: passwords, resets, second factors and the organization's policy
// (security events: audit only, never a password, token, secret or code).
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';

export const accountSecurityEvents = defineEvents({
  'user.password_changed': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user changed their password; their other sessions ended.',
    data: z.object({ sessions_ended: z.number().int() }),
  },
  'user.password_reset_requested': {
    resource: 'user',
    visibility: 'internal',
    description: 'A password-reset link was emailed to the user.',
    data: z.object({ expires_at: z.string() }),
  },
  'user.password_reset': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user set a new password through a reset link; every session of theirs ended.',
    data: z.object({ sessions_ended: z.number().int() }),
  },
  'user.two_factor_enabled': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user enrolled an authenticator app as a second factor and received recovery codes.',
    data: z.object({}),
  },
  'user.two_factor_disabled': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user turned their second factor off.',
    data: z.object({}),
  },
  'user.recovery_codes_regenerated': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user replaced their recovery codes; the old ones no longer work.',
    data: z.object({ count: z.number().int() }),
  },
  'user.recovery_code_used': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user signed in with a recovery code instead of an authenticator code.',
    data: z.object({ remaining: z.number().int() }),
  },
  'organization.two_factor_policy_changed': {
    resource: 'organization',
    visibility: 'internal',
    description: 'An admin required (or stopped requiring) a second factor for everyone in the organization.',
    data: z.object({ require_two_factor: z.boolean() }),
  },
});
