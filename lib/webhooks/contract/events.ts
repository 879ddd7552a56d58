// Owns the event types of webhook endpoints: the on-demand test event (public) and the audit of endpoint changes.
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';
import { webhookEndpointSchema } from '@/lib/webhooks/contract/schemas';

export const webhookEvents = defineEvents({
  'webhook_endpoint.test': {
    resource: 'webhook_endpoint',
    visibility: 'public',
    description:
      'Sent on request (POST /api/v2/webhooks/endpoints/{endpointId}/test) to that endpoint only, whatever types it subscribes to.',
    data: webhookEndpointSchema,
  },
  'webhook_endpoint.created': {
    resource: 'webhook_endpoint',
    visibility: 'internal',
    description: 'A webhook endpoint was registered. Never carries its secret.',
    data: z.object({ url: z.string(), event_types: z.array(z.string()) }),
  },
  'webhook_endpoint.updated': {
    resource: 'webhook_endpoint',
    visibility: 'internal',
    description: 'A webhook endpoint’s URL, event types, description or enabled state changed.',
    data: z.object({
      url: z.string().optional(),
      event_types: z.array(z.string()).optional(),
      description_changed: z.boolean().optional(),
      enabled: z.boolean().optional(),
    }),
  },
  'webhook_endpoint.deleted': {
    resource: 'webhook_endpoint',
    visibility: 'internal',
    description: 'A webhook endpoint and its delivery log were deleted.',
    data: z.object({ url: z.string() }),
  },
  'webhook_endpoint.secret_rotated': {
    resource: 'webhook_endpoint',
    visibility: 'internal',
    description: 'A webhook endpoint got a new signing secret; the old one signs beside it for the overlap.',
    data: z.object({ previous_secret_valid_hours: z.number().int() }),
  },
  'webhook_endpoint.disabled': {
    resource: 'webhook_endpoint',
    visibility: 'internal',
    description: 'A webhook endpoint was disabled automatically after 3 days of failed deliveries.',
    data: z.object({ url: z.string(), reason: z.string() }),
  },
});
