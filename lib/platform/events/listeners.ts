// Owns the "event recorded" listeners: what the composition root registers (lib/app/register.ts) to run inside the
// transaction that records an event — the notifications area's fan-out — without platform importing an area.
import type { Executor } from '@/db/client';
import { defineRegistry } from '@/lib/platform/registry';
import type { AuditActor } from './audit-actor';

/** An event as its listeners see it: the stored row's id and the data as validated against the catalogue. */
export interface RecordedEvent {
  id: string;
  orgId: string | null;
  type: string;
  actor: AuditActor;
  subjectId: string | null;
  data: Record<string, unknown>;
}

/** Runs in the event's transaction: what it writes exists exactly when the event does; a throw rolls both back. */
export type EventListener = (executor: Executor, event: RecordedEvent) => Promise<void>;

const registry = defineRegistry<readonly EventListener[]>('event listeners');

export const provideEventListeners = registry.provide;

/** Calls every listener in order, in the caller's transaction. */
export async function notifyEventListeners(executor: Executor, event: RecordedEvent): Promise<void> {
  for (const listener of registry.read()) await listener(executor, event);
}
