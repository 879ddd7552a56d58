// Owns the `webhooks` section of the OpenAPI document: one entry per public event type, with its payload schema.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { eventDefinition } from '@/lib/app/event-catalogue';
import {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@/lib/platform/client/webhooks';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { publicEventTypes, TEST_EVENT_TYPE } from '@/lib/platform/webhook-delivery/event-types';

/** `funding.deposit_credited` → `FundingDepositCreditedEvent`. */
function componentName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Event`;
}

const SIGNED_DELIVERY = `Verify \`${WEBHOOK_SIGNATURE_HEADER}\` (tolerance ${DEFAULT_WEBHOOK_TOLERANCE_SECONDS} s) as \`/docs/signing#webhooks\` shows, answer 2xx within 10 s, and deduplicate on the event id: deliveries are at-least-once and unordered. Failures are retried with exponential backoff for 3 days.`;

/** Who receives an event: subscribers, except the test event, which only its one endpoint gets on demand. */
function deliveryRules(type: string): string {
  return type === TEST_EVENT_TYPE
    ? `Sent only on demand, by \`POST /webhooks/endpoints/{endpointId}/test\`, to that one endpoint: it cannot be subscribed to (\`event_types\` refuses it, and \`*\` does not include it). ${SIGNED_DELIVERY}`
    : `Delivered as a signed POST to every enabled endpoint subscribed to this type (or to \`*\`). ${SIGNED_DELIVERY}`;
}

/** Generated from the event catalogue: each public type's payload carries its resource's wire schema. */
export function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const type of publicEventTypes()) {
    const definition = eventDefinition(type)!;
    const schema = z
      .object({
        id: idSchema.meta({ description: 'The event id (also in `Payout-Event-Id`): deduplicate on it' }),
        type: z.literal(type),
        created_at: timestampSchema,
        data: z.object({
          // The resource's own wire schema (a reference to its component where it has one).
          object: definition.data,
        }),
      })
      .meta({ id: componentName(type) });
    registry.registerWebhook({
      method: 'post',
      path: type,
      // Generators name a handler type after it: `onOrderCompleted` for `order.completed`.
      operationId: `on${componentName(type).replace(/Event$/, '')}`,
      summary: definition.description,
      description: `${definition.description} ${deliveryRules(type)}`,
      tags: ['Webhooks'],
      request: {
        headers: z.object({
          [WEBHOOK_SIGNATURE_HEADER]: z.string().meta({
            description:
              '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; two `v1` while a rotated secret overlaps',
          }),
          [WEBHOOK_EVENT_ID_HEADER]: idSchema,
          [WEBHOOK_EVENT_TYPE_HEADER]: z.literal(type),
        }),
        body: { required: true, content: { 'application/json': { schema } } },
      },
      responses: {
        '2XX': { description: 'Acknowledged: any 2xx within 10 s. Anything else is retried.' },
      },
    });
  }
}
