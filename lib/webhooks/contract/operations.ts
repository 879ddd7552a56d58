// Owns the declarations of the webhook and events operations (payouts envelope).

import { DEFAULT_API_KEY_ROLE } from '@/lib/identity/contract/api-keys-enums';
import { defineOperation } from '@/lib/platform/operations/operation';
import {
  CURSOR_PAGINATION,
  cursorListEnvelopeSchema,
  listEnvelopeSchema,
  paginationQuery,
} from '@/lib/platform/pagination';
import {
  createWebhookEndpointBody,
  deletedWebhookEndpointSchema,
  eventParams,
  eventsQuery,
  publicEventSchema,
  rotateWebhookSecretBody,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointParams,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@/lib/webhooks/contract/schemas';

const MANAGE = `Admins in the portal, and API keys with the approver role, so an integrator’s setup script can register its endpoint (a new key is ${DEFAULT_API_KEY_ROLE} unless created as approver).`;

export const createWebhookEndpointOperation = defineOperation({
  id: 'createWebhookEndpoint',
  method: 'POST',
  path: '/api/v2/webhooks/endpoints',
  summary: 'Register a webhook endpoint (its signing secret is shown once)',
  description: `Events of the chosen types are POSTed to \`url\` as they happen, signed with the returned \`secret\` (see \`/docs/signing\`). The URL must be https and its host must resolve only to public addresses; it is checked again at every delivery. At most 16 endpoints per organization. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  body: createWebhookEndpointBody,
  errors: ['endpoint_limit_reached'],
  response: {
    status: 201,
    description: 'The endpoint, with its secret',
    schema: webhookEndpointWithSecretSchema,
  },
});

export const listWebhookEndpointsOperation = defineOperation({
  id: 'listWebhookEndpoints',
  method: 'GET',
  path: '/api/v2/webhooks/endpoints',
  summary: "The organization's webhook endpoints",
  description: `Oldest first. Secrets are never listed. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  query: paginationQuery,
  response: {
    status: 200,
    description: 'A page of endpoints',
    schema: listEnvelopeSchema(webhookEndpointSchema),
  },
});

export const getWebhookEndpointOperation = defineOperation({
  id: 'getWebhookEndpoint',
  method: 'GET',
  path: '/api/v2/webhooks/endpoints/{endpointId}',
  summary: 'One webhook endpoint',
  description: `A disabled endpoint says why in \`disabled_reason\`. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  response: { status: 200, description: 'The endpoint', schema: webhookEndpointSchema },
});

export const updateWebhookEndpointOperation = defineOperation({
  id: 'updateWebhookEndpoint',
  method: 'PATCH',
  path: '/api/v2/webhooks/endpoints/{endpointId}',
  summary: 'Change the URL, event types or description; disable or re-enable',
  description: `\`enabled: true\` re-enables an endpoint that was disabled (by you, or by us after 3 days of failures); events that happened meanwhile are not re-sent: list them with \`GET /api/v2/events\`. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  body: updateWebhookEndpointBody,
  response: { status: 200, description: 'The endpoint', schema: webhookEndpointSchema },
});

export const deleteWebhookEndpointOperation = defineOperation({
  id: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/api/v2/webhooks/endpoints/{endpointId}',
  summary: 'Delete a webhook endpoint and its delivery log',
  description: `Pending deliveries are not sent. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  response: { status: 200, description: 'Deleted', schema: deletedWebhookEndpointSchema },
});

export const rotateWebhookSecretOperation = defineOperation({
  id: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/v2/webhooks/endpoints/{endpointId}/rotate-secret',
  summary: 'Issue a new signing secret (shown once); the old one keeps signing for 24 h',
  description: `During the overlap every delivery carries two \`v1\` signatures, one per secret, so you can deploy the new secret without missing a delivery. \`previous_secret_valid_hours: 0\` retires the old secret at once (use it when a secret leaked). ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  body: rotateWebhookSecretBody,
  response: {
    status: 200,
    description: 'The endpoint, with its new secret',
    schema: webhookEndpointWithSecretSchema,
  },
});

export const sendWebhookTestEventOperation = defineOperation({
  id: 'sendWebhookTestEvent',
  method: 'POST',
  path: '/api/v2/webhooks/endpoints/{endpointId}/test',
  summary: 'Send a `webhook_endpoint.test` event to this endpoint now',
  description: `Delivered to this endpoint only, whatever types it subscribes to, signed and retried like any event; follow it in the delivery log. 409 when the endpoint is disabled. Test events and re-sends together are bounded per endpoint (10 a minute by default) and per organization (30 a minute): past either, 429 \`webhook_send_limit\` with \`Retry-After\`. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  errors: ['invalid_state', 'webhook_send_limit'],
  response: { status: 202, description: 'The delivery, queued', schema: webhookDeliverySchema },
});

export const listWebhookDeliveriesOperation = defineOperation({
  id: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/v2/webhooks/endpoints/{endpointId}/deliveries',
  summary: "An endpoint's delivery log",
  description: `Newest first (\`created_at\` descending, then \`id\`). Each delivery shows its attempts, the last answer's status, latency and first KiB, and when the next attempt is due. Failed attempts are retried with exponential backoff and jitter (first retry within a minute) for 3 days. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookEndpointParams,
  query: webhookDeliveriesQuery,
  response: {
    status: 200,
    description: 'A page of deliveries',
    schema: listEnvelopeSchema(webhookDeliverySchema),
  },
});

export const resendWebhookDeliveryOperation = defineOperation({
  id: 'resendWebhookDelivery',
  method: 'POST',
  path: '/api/v2/webhooks/deliveries/{deliveryId}/resend',
  summary: 'Send a delivery again now (same event id, same body)',
  description: `One extra attempt, whatever the delivery's status; a scheduled retry stays scheduled unless this one succeeds. 409 when the endpoint is disabled. Re-sends and test events together are bounded per endpoint (10 a minute by default) and per organization (30 a minute): past either, 429 \`webhook_send_limit\` with \`Retry-After\`. ${MANAGE}`,
  tags: ['Webhooks'],
  role: 'approver',
  sessionRole: 'admin',
  params: webhookDeliveryParams,
  errors: ['invalid_state', 'webhook_send_limit'],
  response: {
    status: 202,
    description: 'The delivery; the attempt is queued',
    schema: webhookDeliverySchema,
  },
});

export const listEventsOperation = defineOperation({
  id: 'listEvents',
  method: 'GET',
  path: '/api/v2/events',
  summary: "The organization's events (public types), newest first",
  description: `Every public event, as webhooks deliver it, kept at least 30 days: reconcile what a webhook missed. Newest first (\`created_at\` descending, then \`id\`). Any member or API key. ${CURSOR_PAGINATION}`,
  tags: ['Events'],
  query: eventsQuery,
  response: {
    status: 200,
    description: 'A page of events',
    schema: cursorListEnvelopeSchema(publicEventSchema),
  },
});

export const getEventOperation = defineOperation({
  id: 'getEvent',
  method: 'GET',
  path: '/api/v2/events/{eventId}',
  summary: 'One event',
  description: 'The same JSON a webhook delivery of this event carries. Any member or API key.',
  tags: ['Events'],
  params: eventParams,
  response: { status: 200, description: 'The event', schema: publicEventSchema },
});

export const webhookOperations = [
  createWebhookEndpointOperation,
  listWebhookEndpointsOperation,
  getWebhookEndpointOperation,
  updateWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  rotateWebhookSecretOperation,
  sendWebhookTestEventOperation,
  listWebhookDeliveriesOperation,
  resendWebhookDeliveryOperation,
];

export const eventOperations = [listEventsOperation, getEventOperation];
