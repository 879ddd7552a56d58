// Owns webhook endpoints of an organization: register (secret shown once), list, read, change, re-enable, delete,
// rotate the secret with an overlap, and send a test event.
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema/webhooks';
import type { Actor } from '@/lib/platform/actor/actor';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { newId } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { MAX_ENDPOINTS_PER_ORGANIZATION } from '@/lib/platform/webhook-delivery/endpoint-limit';
import { createDelivery } from '@/lib/platform/webhook-delivery/enqueue';
import { assertSubscribable, TEST_EVENT_TYPE } from '@/lib/platform/webhook-delivery/event-types';
import {
  parseWebhookUrl,
  resolveTarget,
  UnsafeTargetError,
} from '@/lib/platform/webhook-delivery/safe-request';
import { generateSigningSecret, sealSigningSecret } from '@/lib/platform/webhook-delivery/secrets';
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryWire,
  WebhookEndpointWire,
  WebhookEndpointWithSecretWire,
} from '@/lib/webhooks/contract/schemas';
import { getDelivery } from './deliveries';
import { admitManualSend } from './manual-send-limit';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** How long a rotated-out secret keeps signing unless the caller says otherwise. */
export const DEFAULT_PREVIOUS_SECRET_HOURS = 24;

export function toEndpointWire(row: EndpointRow): WebhookEndpointWire {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    status: row.status,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now().getTime()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The URL's form and where it resolves, refused as a `validation` error on `url` with the reason. */
async function checkUrl(raw: string): Promise<string> {
  const policy = { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_URLS };
  try {
    const url = parseWebhookUrl(raw, policy);
    await resolveTarget(url, policy);
    return url.toString();
  } catch (error) {
    if (!(error instanceof UnsafeTargetError)) throw error;
    throw ApiError.validation([{ field: 'url', code: 'invalid_url', message: `url: ${error.message}` }]);
  }
}

async function findEndpoint(executor: Executor, orgId: string, endpointId: string, lock = false) {
  const query = executor
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, endpointId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ApiError.notFound('Webhook endpoint');
  return row;
}

export async function createEndpoint(
  executor: Executor,
  actor: Actor,
  input: CreateWebhookEndpointInput,
  requestId?: string,
): Promise<WebhookEndpointWithSecretWire> {
  assertSubscribable(input.event_types);
  const url = await checkUrl(input.url);
  const [existing] = await executor
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, actor.orgId));
  if ((existing?.total ?? 0) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
    throw ApiError.businessRule(
      `An organization may have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`,
      { code: 'endpoint_limit_reached' },
    );
  }
  const id = newId();
  const secret = generateSigningSecret();
  const [row] = await executor
    .insert(webhookEndpoints)
    .values({
      id,
      orgId: actor.orgId,
      url,
      description: input.description || null,
      eventTypes: input.event_types,
      signingSecretEncrypted: sealSigningSecret(id, secret),
      createdByUserId: actor.via === 'session' ? (actor.userId ?? null) : null,
    })
    .returning();
  await recordEvent(executor, {
    orgId: actor.orgId,
    type: 'webhook_endpoint.created',
    actor: auditActorOf(actor),
    subjectId: id,
    data: { url, event_types: input.event_types },
    requestId,
  });
  return { ...toEndpointWire(row!), secret };
}

/** Oldest first, so an organization's endpoints keep their order; id breaks ties. */
export async function listEndpoints(
  executor: Executor,
  actor: Actor,
  page: PageRequest,
): Promise<ListEnvelope<WebhookEndpointWire>> {
  const where = eq(webhookEndpoints.orgId, actor.orgId);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ total: count() }).from(webhookEndpoints).where(where),
  ]);
  return listEnvelope(rows.map(toEndpointWire), page, total?.total ?? 0);
}

export async function getEndpoint(
  executor: Executor,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpointWire> {
  return toEndpointWire(await findEndpoint(executor, actor.orgId, endpointId));
}

export async function updateEndpoint(
  executor: Executor,
  actor: Actor,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
  requestId?: string,
): Promise<WebhookEndpointWire> {
  const current = await findEndpoint(executor, actor.orgId, endpointId, true);
  const changes: Partial<typeof webhookEndpoints.$inferInsert> = {};
  if (input.event_types !== undefined) {
    assertSubscribable(input.event_types);
    changes.eventTypes = input.event_types;
  }
  if (input.url !== undefined) changes.url = await checkUrl(input.url);
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.enabled === true && current.status === 'disabled') {
    Object.assign(changes, { status: 'enabled', disabledAt: null, disabledReason: null });
  } else if (input.enabled === false && current.status === 'enabled') {
    Object.assign(changes, {
      status: 'disabled',
      disabledAt: now(),
      disabledReason: 'Disabled by your organization',
    });
  }
  const [row] = await executor
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: now() })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  await recordEvent(executor, {
    orgId: actor.orgId,
    type: 'webhook_endpoint.updated',
    actor: auditActorOf(actor),
    subjectId: current.id,
    data: {
      ...(input.url !== undefined ? { url: changes.url } : {}),
      ...(input.event_types !== undefined ? { event_types: input.event_types } : {}),
      ...(input.description !== undefined ? { description_changed: true } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    },
    requestId,
  });
  return toEndpointWire(row!);
}

export async function deleteEndpoint(
  executor: Executor,
  actor: Actor,
  endpointId: string,
  requestId?: string,
): Promise<{ id: string; deleted: true }> {
  const current = await findEndpoint(executor, actor.orgId, endpointId, true);
  // Its deliveries go with it (pending jobs then find nothing to send).
  await executor.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
  await recordEvent(executor, {
    orgId: actor.orgId,
    type: 'webhook_endpoint.deleted',
    actor: auditActorOf(actor),
    subjectId: current.id,
    data: { url: current.url },
    requestId,
  });
  return { id: current.id, deleted: true };
}

/**
 * A new secret signs from now on; the old one keeps signing beside it (a second `v1`) for `previousSecretHours`
 * (default 24, 0 = retire it at once), so receivers can switch without losing a delivery. A rotation during an
 * overlap drops the oldest secret.
 */
export async function rotateEndpointSecret(
  executor: Executor,
  actor: Actor,
  endpointId: string,
  input: { previousSecretHours?: number },
  requestId?: string,
): Promise<WebhookEndpointWithSecretWire> {
  const current = await findEndpoint(executor, actor.orgId, endpointId, true);
  const hours = input.previousSecretHours ?? DEFAULT_PREVIOUS_SECRET_HOURS;
  const secret = generateSigningSecret();
  const [row] = await executor
    .update(webhookEndpoints)
    .set({
      signingSecretEncrypted: sealSigningSecret(current.id, secret),
      ...(hours > 0
        ? {
            previousSigningSecretEncrypted: current.signingSecretEncrypted,
            previousSecretExpiresAt: new Date(now().getTime() + hours * 3_600_000),
          }
        : { previousSigningSecretEncrypted: null, previousSecretExpiresAt: null }),
      updatedAt: now(),
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  await recordEvent(executor, {
    orgId: actor.orgId,
    type: 'webhook_endpoint.secret_rotated',
    actor: auditActorOf(actor),
    subjectId: current.id,
    data: { previous_secret_valid_hours: hours },
    requestId,
  });
  return { ...toEndpointWire(row!), secret };
}

/** Records a `webhook_endpoint.test` event and delivers it to this endpoint only, whatever types it subscribes to. */
export async function sendTestEvent(
  executor: Executor,
  actor: Actor,
  endpointId: string,
  requestId?: string,
): Promise<WebhookDeliveryWire> {
  const endpoint = await findEndpoint(executor, actor.orgId, endpointId);
  if (endpoint.status !== 'enabled') {
    throw new ApiError('conflict', 'The endpoint is disabled: re-enable it to send a test event');
  }
  await admitManualSend(actor.orgId, endpoint.id);
  const eventId = await recordEvent(executor, {
    orgId: actor.orgId,
    type: TEST_EVENT_TYPE,
    actor: auditActorOf(actor),
    subjectId: endpoint.id,
    // The object is the endpoint itself, in its API shape (never its secret).
    data: toEndpointWire(endpoint),
    requestId,
  });
  const deliveryId = await createDelivery(executor, { orgId: actor.orgId, endpointId: endpoint.id, eventId });
  return getDelivery(executor, actor, deliveryId);
}
