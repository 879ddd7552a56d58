// Owns writing event rows: called inside the transaction of the change it describes, with a catalogue type only.
import type { Executor } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { businessNow } from '@/lib/platform/clock';
import { fansOut, insertEventWithDeliveries } from '@/lib/platform/webhook-delivery/enqueue';
import type { AuditActor } from './audit-actor';
import { type EventData, type EventType, eventDefinition } from './catalogue-registry';
import { notifyEventListeners } from './listeners';

export interface EventInput<T extends EventType> {
  orgId: string | null;
  type: T;
  actor: AuditActor;
  /** The id of the catalogue's resource for this type (the subject type comes from the catalogue). */
  subjectId: string | null;
  data: EventData<T>;
  requestId?: string | null;
  /** For imports and the demo seed that replay history; defaults to now. */
  createdAt?: Date;
}

/**
 * Validates `data` against the type's schema (so a public event's object is exactly the resource's API shape, and
 * nothing outside the schema — a rate, a secret — is stored for it) and writes the row, with the webhook deliveries
 * of a public event.
 */
export async function recordEvent<T extends EventType>(
  executor: Executor,
  input: EventInput<T>,
): Promise<string> {
  const definition = eventDefinition(input.type)!;
  const data = definition.data.parse(input.data) as Record<string, unknown>;
  // DESIGN "Time bases": a public event is part of the organization's business history, so it reads the
  // organization's clock (one /events stream, one time base); internal ones record what people did, in real time.
  const createdAt =
    input.createdAt ??
    (definition.visibility === 'public' && input.orgId
      ? await businessNow(executor, input.orgId)
      : undefined);
  const insert = executor
    .insert(events)
    .values({
      orgId: input.orgId,
      type: input.type,
      actorType: input.actor.actorType,
      actorId: input.actor.actorId,
      impersonationSessionId: input.actor.impersonationSessionId,
      subjectType: definition.resource,
      subjectId: input.subjectId,
      data,
      requestId: input.requestId ?? null,
      createdAt,
    })
    .returning({ id: events.id, orgId: events.orgId });
  // A public event's webhook deliveries (and their drains' wake-up) in the same statement, so in the same transaction:
  // they exist exactly when it does.
  const id = fansOut(input)
    ? await insertEventWithDeliveries(executor, insert, input.type)
    : (await insert)[0]!.id;
  // The listeners (notifications) write in this transaction too: rows for an event exist exactly when it does.
  await notifyEventListeners(executor, {
    id,
    orgId: input.orgId,
    type: input.type,
    actor: input.actor,
    subjectId: input.subjectId,
    data,
  });
  return id;
}
