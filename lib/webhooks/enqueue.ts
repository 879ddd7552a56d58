// Owns turning a committed event into deliveries: one row and one graphile-worker job per matching enabled endpoint,
// written in the event's own transaction so a delivery exists exactly when its event does.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import { now } from '@/lib/clock';
import { env } from '@/lib/env';
import { newId } from '@/lib/ids';
import { enqueueJob } from '@/lib/jobs/enqueue';
import { ALL_EVENT_TYPES, isPublicEventType, TEST_EVENT_TYPE } from './event-types';

export const DELIVER_TASK = 'webhooks.deliver';

/**
 * Deliveries of one endpoint are spread over this many graphile-worker queues (each runs one job at a time), so at
 * most that many are in flight to one endpoint and a slow one cannot take every webhook slot of the worker.
 */
export function deliveryQueueName(endpointId: string, deliveryId: string): string {
  const slots = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  // The tail of a UUIDv7 is random: an even spread over the endpoint's queues.
  const slot = Number.parseInt(deliveryId.replaceAll('-', '').slice(-6), 16) % slots;
  return `webhooks:${endpointId}:${slot}`;
}

export interface DeliveryJobOptions {
  runAt?: Date;
  /** A re-send asked for by a person: one attempt, beside (not instead of) any scheduled retry. */
  manual?: boolean;
}

/** Adds the job that makes the next attempt of a delivery. */
export async function enqueueDeliveryAttempt(
  executor: Executor,
  delivery: { id: string; endpointId: string },
  options: DeliveryJobOptions = {},
): Promise<void> {
  await enqueueJob(
    executor,
    DELIVER_TASK,
    { deliveryId: delivery.id, manual: options.manual ?? false },
    {
      queueName: deliveryQueueName(delivery.endpointId, delivery.id),
      runAt: options.runAt,
      // One pending automatic attempt per delivery, one pending re-send: adding again replaces, never doubles.
      jobKey: `${options.manual ? 'webhook-resend' : 'webhook'}:${delivery.id}`,
      // Our own schedule retries failed attempts; these cover a crash or a database error inside the job.
      maxAttempts: 5,
    },
  );
}

/** Creates the delivery rows and jobs of one endpoint for one event. Returns the delivery id. */
export async function createDelivery(
  executor: Executor,
  input: { orgId: string; endpointId: string; eventId: string },
): Promise<string> {
  const id = newId();
  await executor.insert(webhookDeliveries).values({ id, ...input, nextAttemptAt: now() });
  await enqueueDeliveryAttempt(executor, { id, endpointId: input.endpointId });
  return id;
}

/** Deliveries made per statement at most: an organization's endpoint limit. */
const MAX_FAN_OUT = 16;

/**
 * Called by recordEvent inside the event's transaction. Public events of an organization go to each of its enabled
 * endpoints subscribed to the type (or to `*`); the test event goes only where it is sent. One statement finds the
 * endpoints, inserts the deliveries and adds their jobs (the common case of no endpoint costs that one statement).
 * Returns the count.
 */
export async function enqueueDeliveriesForEvent(
  executor: Executor,
  event: { id: string; orgId: string | null; type: string },
): Promise<number> {
  if (!event.orgId || !isPublicEventType(event.type) || event.type === TEST_EVENT_TYPE) return 0;
  // UUIDv7 ids come from the app; one per possible endpoint, the statement takes as many as it needs.
  const ids = sql.join(
    Array.from({ length: MAX_FAN_OUT }, () => sql`${newId()}`),
    sql`, `,
  );
  const rows = await executor.execute<{ id: string }>(sql`
    with endpoint as (
      select id, row_number() over (order by created_at, id) as n
      from ${webhookEndpoints}
      where org_id = ${event.orgId} and status = 'enabled'
        and event_types && array[${event.type}, ${ALL_EVENT_TYPES}]::text[]
      limit ${MAX_FAN_OUT}
    ), delivery as (
      insert into ${webhookDeliveries} (id, org_id, endpoint_id, event_id, next_attempt_at)
      select (array[${ids}]::uuid[])[endpoint.n], ${event.orgId}, endpoint.id, ${event.id}, ${now().toISOString()}::timestamptz
      from endpoint
      returning id, endpoint_id
    )
    select (graphile_worker.add_job(
      identifier => ${DELIVER_TASK}::text,
      payload => json_build_object('deliveryId', delivery.id, 'manual', false),
      queue_name => 'webhooks:' || delivery.endpoint_id || ':' ||
        (('x' || right(replace(delivery.id::text, '-', ''), 6))::bit(24)::int % ${env().WEBHOOK_ENDPOINT_CONCURRENCY}),
      job_key => 'webhook:' || delivery.id,
      max_attempts => 5
    )).id::text as id
    from delivery`);
  return rows.length;
}
