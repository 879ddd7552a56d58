// Owns writing payouts' events in bulk: one statement for any number of orders, in the transaction of the change,
// each `data` shaped by its catalogue type's schema exactly as `recordEvent` does, with their webhook deliveries (as
// `recordEvent` adds them) in bulk too.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { jsonRows } from '@/db/sql';
import type { ServiceActor } from '@/lib/identity/server';
import { type EventData, type EventType, eventDefinition } from '@/lib/platform/events/catalogue-registry';
import { notifyEventListeners } from '@/lib/platform/events/listeners';
import { newId } from '@/lib/platform/ids';
import { enqueueDeliveriesForEvents } from '@/lib/platform/webhook-delivery/enqueue';

export interface PayoutEvent<T extends EventType = EventType> {
  type: T;
  subjectId: string;
  /** A public event's data IS the resource's API shape (a Batch without its orders, an Order). */
  data: EventData<T>;
}

export async function recordPayoutEvents(
  executor: Executor,
  actor: ServiceActor,
  at: Date,
  events: readonly PayoutEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const definition = eventDefinition(event.type)!;
    return {
      id: newId(),
      type: event.type,
      subject_type: definition.resource,
      subject_id: event.subjectId,
      data: definition.data.parse(event.data),
    };
  });
  await executor.execute(sql`
    insert into events (id, org_id, type, actor_type, actor_id, impersonation_session_id, subject_type, subject_id,
      data, request_id, created_at)
    select v.id, ${actor.orgId}::uuid, v.type, ${actor.audit.actorType}, ${actor.audit.actorId}::uuid,
      ${actor.audit.impersonationSessionId}::uuid, v.subject_type, v.subject_id, v.data, ${actor.requestId},
      ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${jsonRows(rows)}) as v(id uuid, type text, subject_type text, subject_id uuid, data jsonb)`);
  // Public events reach the organization's endpoints like any other: deliveries and jobs in the same transaction.
  await enqueueDeliveriesForEvents(executor, actor.orgId, rows);
  // And their listeners (notifications), as recordEvent calls them: in this transaction, once per event.
  for (const row of rows) {
    await notifyEventListeners(executor, {
      id: row.id,
      orgId: actor.orgId,
      type: row.type,
      actor: actor.audit,
      subjectId: row.subject_id,
      data: row.data as Record<string, unknown>,
    });
  }
}
