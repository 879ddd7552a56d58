// Owns the delivery log of an endpoint (what was sent, how it was answered, what comes next) and re-sending one.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { type WebhookDeliveryStatus, webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import type { Actor } from '@/lib/platform/actor/actor';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { requestResend } from '@/lib/platform/webhook-delivery/enqueue';
import type { WebhookDeliveryWire } from '@/lib/webhooks/contract/schemas';
import { admitManualSend } from './manual-send-limit';

const columns = {
  delivery: webhookDeliveries,
  eventType: events.type,
};

type DeliveryRow = { delivery: typeof webhookDeliveries.$inferSelect; eventType: string };

function toWire({ delivery, eventType }: DeliveryRow): WebhookDeliveryWire {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    last_response_status: delivery.lastResponseStatus,
    last_latency_ms: delivery.lastLatencyMs,
    last_response_body: delivery.lastResponseBody,
    last_error: delivery.lastError,
    next_attempt_at: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: delivery.createdAt.toISOString(),
  };
}

export interface DeliveryFilters extends PageRequest {
  status?: WebhookDeliveryStatus;
  eventId?: string;
}

/**
 * Newest first (created_at, then id descending). The endpoint must be the caller's organization's (else `not_found`).
 */
export async function listDeliveries(
  executor: Executor,
  actor: Actor,
  endpointId: string,
  filters: DeliveryFilters,
): Promise<ListEnvelope<WebhookDeliveryWire>> {
  const [endpoint] = await executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, actor.orgId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) throw ApiError.notFound('Webhook endpoint');
  const conditions: SQL[] = [
    eq(webhookDeliveries.orgId, actor.orgId),
    eq(webhookDeliveries.endpointId, endpointId),
  ];
  if (filters.status) conditions.push(eq(webhookDeliveries.status, filters.status));
  if (filters.eventId) conditions.push(eq(webhookDeliveries.eventId, filters.eventId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select(columns)
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return listEnvelope(rows.map(toWire), filters, total?.total ?? 0);
}

async function findDelivery(executor: Executor, orgId: string, deliveryId: string): Promise<DeliveryRow> {
  const [row] = await executor
    .select(columns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.id, deliveryId)));
  if (!row) throw ApiError.notFound('Webhook delivery');
  return row;
}

export async function getDelivery(
  executor: Executor,
  actor: Actor,
  deliveryId: string,
): Promise<WebhookDeliveryWire> {
  return toWire(await findDelivery(executor, actor.orgId, deliveryId));
}

/**
 * Sends the same event (same id, same body) again now, whatever the delivery's status: one extra attempt beside any
 * scheduled retry. Refused while the endpoint is disabled.
 */
export async function resendDelivery(
  executor: Executor,
  actor: Actor,
  deliveryId: string,
): Promise<WebhookDeliveryWire> {
  const row = await findDelivery(executor, actor.orgId, deliveryId);
  const [endpoint] = await executor
    .select({ status: webhookEndpoints.status })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.delivery.endpointId));
  if (endpoint?.status !== 'enabled') {
    throw new ApiError('conflict', 'The endpoint is disabled: re-enable it to re-send deliveries');
  }
  await admitManualSend(actor.orgId, row.delivery.endpointId);
  await requestResend(executor, row.delivery.id);
  return toWire(row);
}
