// Owns turning a committed event into deliveries: one row per matching enabled endpoint, written in the event's own
// transaction so a delivery exists exactly when its event does, and a drain job for each endpoint nobody drains yet
// (lib/platform/webhook-delivery/drain.ts explains the protocol; the SQL functions are in db/functions/webhooks.sql).
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import { now } from '@/lib/platform/clock';
import { typedRows } from '@/lib/platform/db/typed-rows';
import { newId } from '@/lib/platform/ids';
import { MAX_FAN_OUT } from './drain-protocol';
import { ALL_EVENT_TYPES, isPublicEventType, TEST_EVENT_TYPE } from './event-types';

/**
 * `webhook_wake_drains(endpoint ids, now)`: in the caller's transaction, takes each endpoint's shared lock and adds a
 * drain job for those no drain holds.
 */
function wake(endpointIds: SQL, at: Date): SQL {
  return sql`webhook_wake_drains(${endpointIds}, ${at.toISOString()}::timestamptz)`;
}

/**
 * `webhook_enqueue_event`: a delivery to each of the organization's enabled endpoints subscribed to the type (or to
 * `*`), and their drains' wake-up. A function, so its statements are planned once per connection.
 */
function enqueueEvent(orgId: SQL, eventId: SQL, type: string, at: Date): SQL {
  return sql`webhook_enqueue_event(${orgId}, ${eventId}, ${type}::text, ${newId()}::uuid, ${at.toISOString()}::timestamptz)`;
}

/** Whether an event may have deliveries: a public event of an organization (the test event goes only where sent). */
export function fansOut(event: { orgId: string | null; type: string }): boolean {
  return event.orgId !== null && isPublicEventType(event.type) && event.type !== TEST_EVENT_TYPE;
}

/**
 * Writes an event (`insert`: the events insert, returning `id` and `org_id`) and its deliveries in ONE statement, in
 * the change's transaction: recordEvent's path for events that fan out. An organization without endpoints costs
 * nothing more than the insert and one index probe. Returns the event id.
 */
export async function insertEventWithDeliveries(
  executor: Executor,
  insert: SQLWrapper,
  type: string,
): Promise<string> {
  const rows = await typedRows(
    executor,
    z.object({ id: z.string() }),
    sql`
    with event as (${insert.getSQL()})
    select event.id, ${enqueueEvent(sql`event.org_id`, sql`event.id`, type, now())} as deliveries from event`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('the event insert returned no row');
  return id;
}

/**
 * The bulk form, for writers of many events at once (payouts: one event per order of a batch): one small read of the
 * organization's enabled endpoints, then — only if any matches — one statement that inserts every delivery and wakes
 * each endpoint's drain once, whatever the number of events.
 */
export async function enqueueDeliveriesForEvents(
  executor: Executor,
  orgId: string,
  events: readonly { id: string; type: string }[],
): Promise<number> {
  const candidates = events.filter((event) => fansOut({ orgId, type: event.type }));
  if (candidates.length === 0) return 0;
  const endpoints = await executor
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.status, 'enabled')))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .limit(MAX_FAN_OUT);
  const rows: { id: string; endpoint_id: string; event_id: string }[] = [];
  for (const event of candidates) {
    for (const endpoint of endpoints) {
      if (!endpoint.eventTypes.includes(event.type) && !endpoint.eventTypes.includes(ALL_EVENT_TYPES))
        continue;
      rows.push({ id: newId(), endpoint_id: endpoint.id, event_id: event.id });
    }
  }
  if (rows.length === 0) return 0;
  const at = now();
  await executor.execute(sql`
    with delivery as (
      insert into ${webhookDeliveries} (id, org_id, endpoint_id, event_id, next_attempt_at)
      select v.id, ${orgId}, v.endpoint_id, v.event_id, ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(id uuid, endpoint_id uuid, event_id uuid)
      returning endpoint_id
    )
    select ${wake(sql`array(select distinct endpoint_id from delivery)`, at)} as woken`);
  return rows.length;
}

/** Creates the delivery of one event to one endpoint (the test event) and wakes its drain. Returns the delivery id. */
export async function createDelivery(
  executor: Executor,
  input: { orgId: string; endpointId: string; eventId: string },
): Promise<string> {
  const id = newId();
  const at = now();
  await executor.execute(sql`
    with delivery as (
      insert into ${webhookDeliveries} (id, org_id, endpoint_id, event_id, next_attempt_at)
      values (${id}, ${input.orgId}, ${input.endpointId}, ${input.eventId}, ${at.toISOString()}::timestamptz)
      returning endpoint_id
    )
    select ${wake(sql`array(select endpoint_id from delivery)`, at)} as woken`);
  return id;
}

/**
 * Asks for one extra attempt of a delivery now, beside any scheduled retry (a re-send): its drain makes it, and is
 * woken for it like for a new delivery.
 */
export async function requestResend(executor: Executor, deliveryId: string): Promise<void> {
  const at = now().toISOString();
  await executor.execute(sql`
    with delivery as (
      update ${webhookDeliveries} set resend_requested_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${deliveryId}
      returning endpoint_id
    )
    select ${wake(sql`array(select endpoint_id from delivery)`, new Date(at))} as woken`);
}
