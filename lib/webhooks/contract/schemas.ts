// Owns the wire shapes of webhooks: endpoints (with their secret, shown once), deliveries, and the public events.
import { z } from 'zod';
import { cursorPaginationQuery, paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampFilter, timestampSchema } from '@/lib/platform/schemas/common';
import { ALL_EVENT_TYPES } from '@/lib/platform/webhook-delivery/all-event-types';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES } from '@/lib/webhooks/contract/enums';

export const webhookEventTypeSchema = z
  .string()
  .meta({ description: 'A public event type (see `webhooks` in this document)', example: 'order.completed' });

/** Subscribe to every public type, present and future (the delivery engine matches it). */
export { ALL_EVENT_TYPES };

// Whether each name is a public type is checked by the service (lib/webhooks), which knows the event catalogue;
// this module stays free of it so browser code can import the wire shapes.
/**
 * One entry of a subscription: `*` or a public event type. The service judges the name; the document declares the
 * list (lib/app/openapi fills this component's enum from the catalogue).
 */
export const subscriptionEventTypeSchema = z.string().min(1).max(100).meta({
  id: 'WebhookSubscriptionEventType',
  description: '`*` (every public type, including types added later) or one public event type',
  example: 'order.completed',
});

const eventTypesInput = z
  .array(subscriptionEventTypeSchema)
  .min(1, 'must name at least one event type, or "*" for all')
  .max(100)
  .superRefine((types, ctx) => {
    if (types.includes(ALL_EVENT_TYPES) && types.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'must be ["*"] alone or a list of event types' });
    }
    if (new Set(types).size !== types.length)
      ctx.addIssue({ code: 'custom', message: 'must not repeat a type' });
  })
  .meta({
    description: 'Event types to deliver, or `["*"]` for every public type (including types added later)',
    example: ['order.completed', 'order.failed'],
    // What the refinement above enforces, for generators.
    uniqueItems: true,
  });

const urlInput = z.string().min(1).max(2048).meta({
  description:
    'Where deliveries are POSTed: an https URL whose host resolves only to public addresses (no private, loopback, link-local, shared or metadata address)',
  example: 'https://example.com/webhooks/payouts',
});

const descriptionInput = z.string().trim().max(500).meta({ description: 'What this endpoint is for' });

export const webhookEndpointSchema = z
  .object({
    id: idSchema,
    url: z.string(),
    description: z.string().nullable(),
    event_types: z
      .array(subscriptionEventTypeSchema)
      .meta({ description: '`["*"]` means every public type' }),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES).meta({
      description:
        '`disabled` endpoints receive nothing: disabled by an admin, or by us after 3 days of failed deliveries (see `disabled_reason`). PATCH `enabled: true` re-enables.',
    }),
    disabled_reason: z.string().nullable(),
    disabled_at: timestampSchema.nullable(),
    previous_secret_expires_at: timestampSchema.nullable().meta({
      description:
        'After a rotation: until then deliveries carry a second `v1` signature made with the old secret',
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({
    id: 'WebhookEndpoint',
    description:
      'Its timestamps are real time, not the sandbox clock the events it receives follow (see Sandbox in the overview).',
  });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description:
        'The signing secret (`whsec_…`). Shown only in this response: store it now. Verify each delivery with it (see `/docs/signing`).',
      example: 'whsec_3q2-7wEXAMPLEsecret0000000000000000000000000',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const createWebhookEndpointBody = z
  .object({
    url: urlInput,
    event_types: eventTypesInput,
    description: descriptionInput.optional(),
  })
  .strict()
  .meta({ id: 'CreateWebhookEndpointRequest' });

export const updateWebhookEndpointBody = z
  .object({
    url: urlInput.optional(),
    event_types: eventTypesInput.optional(),
    description: descriptionInput.nullable().optional(),
    enabled: z.boolean().optional().meta({
      description: 'false disables the endpoint; true re-enables a disabled one (nothing missed is re-sent)',
    }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field')
  .meta({ id: 'UpdateWebhookEndpointRequest', minProperties: 1, example: { enabled: false } });

export const rotateWebhookSecretBody = z
  .object({
    previous_secret_valid_hours: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be between 0 and 24')
      .max(24, 'must be between 0 and 24')
      .optional()
      .meta({
        description:
          'How long the old secret keeps signing (a second `v1`), default 24; 0 retires it at once (a leaked secret)',
      }),
  })
  .strict()
  .meta({ id: 'RotateWebhookSecretRequest' });

export const webhookEndpointParams = z.object({ endpointId: idSchema });
export const webhookDeliveryParams = z.object({ deliveryId: idSchema });

export const deletedWebhookEndpointSchema = z
  .object({ id: idSchema, deleted: z.literal(true) })
  .meta({ id: 'DeletedWebhookEndpoint' });

export const webhookDeliverySchema = z
  .object({
    id: idSchema,
    endpoint_id: idSchema,
    event_id: idSchema,
    event_type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
      description:
        '`pending`: not delivered yet, another attempt is scheduled (`next_attempt_at`); `succeeded`: the last attempt got a 2xx; `failed`: the last attempt failed and no automatic retry remains',
    }),
    attempts: z.number().int().meta({ description: 'Attempts made so far, re-sends included' }),
    last_attempt_at: timestampSchema.nullable(),
    last_response_status: z.number().int().nullable().meta({ description: 'HTTP status of the last answer' }),
    last_latency_ms: z.number().int().nullable().meta({ description: 'Duration of the last attempt' }),
    last_response_body: z
      .string()
      .nullable()
      .meta({ description: 'The first KiB of the last answer’s body' }),
    last_error: z.string().nullable().meta({
      description: 'Why the last attempt got no answer (timeout, refused connection, refused address…)',
    }),
    next_attempt_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({
    id: 'WebhookDelivery',
    description:
      'Its timestamps (and the retry schedule) are real time, while the event it carries is dated by the organization’s sandbox clock: after `POST /sandbox/clock` an event may be dated ahead of its delivery.',
  });

export const webhookDeliveriesQuery = paginationQuery.extend({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .optional()
    .meta({ description: 'Only deliveries in this status' }),
  event_id: idSchema.optional().meta({ description: 'Only deliveries of this event' }),
});

export const publicEventSchema = z
  .object({
    id: idSchema.meta({ description: 'The event id: deduplicate deliveries on it' }),
    type: webhookEventTypeSchema,
    created_at: timestampSchema,
    data: z.object({
      object: z
        .record(z.string(), z.unknown())
        .meta({ description: 'The resource the event is about, in its API shape at that moment' }),
    }),
  })
  .meta({ id: 'Event' });

/**
 * A comma-separated list of public event types (`type=order.completed,order.failed`). The service refuses a type
 * that is not public; the document lists them (lib/app/openapi adds the enum from the event catalogue).
 */
export const eventTypesFilter = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',') : undefined))
  .meta({
    description: 'Only these event types (comma-separated)',
    example: ['order.completed', 'order.failed'],
    type: 'array',
    items: { type: 'string' },
    minItems: 1,
    param: { style: 'form', explode: false },
  } as Record<string, unknown>);

export const eventsQuery = cursorPaginationQuery.extend({
  type: eventTypesFilter,
  created_from: timestampFilter('Only events at or after this time'),
  created_to: timestampFilter('Only events before this time'),
});

export const eventParams = z.object({ eventId: idSchema });

export type WebhookEndpointWire = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecretWire = z.input<typeof webhookEndpointWithSecretSchema>;
export type WebhookDeliveryWire = z.input<typeof webhookDeliverySchema>;
export type PublicEventWire = z.input<typeof publicEventSchema>;
export type CreateWebhookEndpointInput = z.output<typeof createWebhookEndpointBody>;
export type UpdateWebhookEndpointInput = z.output<typeof updateWebhookEndpointBody>;
