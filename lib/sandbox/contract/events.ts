// Owns the event types of the sandbox itself: the demo seed's marker and moves of an organization's clock.
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';

export const sandboxEvents = defineEvents({
  'sandbox.demo_data_seeded': {
    resource: 'organization',
    visibility: 'internal',
    description: 'The demo seed finished; written last, so its presence means the seed is complete.',
    data: z.record(z.string(), z.unknown()),
  },
  'sandbox.clock_advanced': {
    resource: 'organization',
    visibility: 'internal',
    description: "The organization's sandbox clock was moved forward and its expiry sweeps ran.",
    data: z.object({
      advance_seconds: z.number().int(),
      offset_seconds: z.number().int(),
      now: z.string(),
      swept: z.record(z.string(), z.number().int()),
    }),
  },
});
