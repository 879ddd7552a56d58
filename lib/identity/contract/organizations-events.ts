// Owns the event types of organizations and their people (audit only).
import { z } from 'zod';
import { ENTITLEMENTS } from '@/lib/platform/actor/entitlements';
import { defineEvents } from '@/lib/platform/events/define';

export const organizationEvents = defineEvents({
  'organization.created': {
    resource: 'organization',
    visibility: 'internal',
    description: 'An organization was opened with its entitlements, ledger accounts and funding addresses.',
    data: z.object({ name: z.string(), entitlements: z.array(z.enum(ENTITLEMENTS)).readonly() }),
  },
  'organization.settings_updated': {
    resource: 'organization',
    visibility: 'internal',
    description:
      "An admin changed the organization's settings (review digest, re-quote tolerance, low-balance notice).",
    data: z.object({
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
    }),
  },
  'user.created': {
    resource: 'user',
    visibility: 'internal',
    description: 'A user account was created and given a role in the organization.',
    data: z.object({ email: z.string(), role: z.string(), source: z.string().optional() }),
  },
});
