// Owns the event types of authentication and credentials: sign-ins and API keys (security events, audit only).
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';

export const securityEvents = defineEvents({
  'user.signed_in': {
    resource: 'user_session',
    visibility: 'internal',
    description: 'A user signed in; the subject is the server-side session.',
    data: z.object({}),
  },
  'api_key.created': {
    resource: 'api_key',
    visibility: 'internal',
    description: 'An API key was created. Never carries the key, its secret or a private key.',
    data: z.object({
      name: z.string(),
      prefix: z.string(),
      role: z.string(),
      rate_limit_per_minute: z.number().int().nullable(),
      key_pair_generated: z.boolean(),
    }),
  },
  'api_key.revoked': {
    resource: 'api_key',
    visibility: 'internal',
    description: 'An API key was revoked; requests with it fail at once on every instance.',
    data: z.object({ name: z.string(), prefix: z.string() }),
  },
});
