// Owns the event catalogue as platform sees it. The composition root assembles it from every area's contract and
// provides it at start-up (lib/app/register.ts); its type arrives by declaration merging (lib/app/event-catalogue.ts
// augments `EventRegister`), so `recordEvent` stays typed by every area's events without platform importing one.
import type { z } from 'zod';
import { defineRegistry } from '@/lib/platform/registry';
import type { EventDefinition } from './define';

/** Filled in by lib/app/event-catalogue.ts: `interface EventRegister { catalogue: typeof eventCatalogue }`. */
// biome-ignore lint/suspicious/noEmptyInterface: declaration merging fills it from the composition root
export interface EventRegister {}

export type EventCatalogue = EventRegister extends { catalogue: infer Catalogue }
  ? Catalogue
  : Record<string, EventDefinition>;
export type EventType = keyof EventCatalogue & string;
/** What `recordEvent` accepts as `data` for a type. */
export type EventData<T extends EventType> = EventCatalogue[T] extends EventDefinition
  ? z.input<EventCatalogue[T]['data']>
  : never;

const registry = defineRegistry<Readonly<Record<string, EventDefinition>>>('event catalogue');

export const provideEventCatalogue = registry.provide;

/** The definition of a type, or undefined for a type no area declares. */
export function eventDefinition(type: string): EventDefinition | undefined {
  const catalogue = registry.read();
  return Object.hasOwn(catalogue, type) ? catalogue[type] : undefined;
}

/** Every type of the catalogue. */
export function eventTypes(): readonly string[] {
  return Object.keys(registry.read());
}

export function isPublicEventType(type: string): boolean {
  return eventDefinition(type)?.visibility === 'public';
}
