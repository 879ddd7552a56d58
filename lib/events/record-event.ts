// Owns writing event rows: called inside the transaction of the change it describes.
import type { Executor } from '@/db/client';
import { type ActorType, events } from '@/db/schema/events';
import { enqueueDeliveriesForEvent } from '@/lib/webhooks/enqueue';

export interface EventInput {
  orgId: string | null;
  type: string;
  actorType: ActorType;
  actorId: string | null;
  impersonationSessionId?: string | null;
  subjectType: string;
  subjectId: string | null;
  data?: Record<string, unknown>;
  requestId?: string | null;
  /** For imports and the demo seed that replay history; defaults to now. */
  createdAt?: Date;
}

/** Writes the event and, for a public one, its webhook deliveries and their jobs: all in the caller's transaction. */
export async function recordEvent(executor: Executor, input: EventInput): Promise<string> {
  const [row] = await executor
    .insert(events)
    .values({ ...input, data: input.data ?? {}, createdAt: input.createdAt ?? undefined })
    .returning({ id: events.id });
  await enqueueDeliveriesForEvent(executor, { id: row!.id, orgId: input.orgId, type: input.type });
  return row!.id;
}
