// Owns writing event rows: called inside the transaction of the change it describes.
import type { Executor } from '@/db/client';
import { type ActorType, events } from '@/db/schema/events';

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

export async function recordEvent(executor: Executor, input: EventInput): Promise<string> {
  const [row] = await executor
    .insert(events)
    .values({ ...input, data: input.data ?? {}, createdAt: input.createdAt ?? undefined })
    .returning({ id: events.id });
  return row!.id;
}
