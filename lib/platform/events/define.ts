// Owns the shape of an event type in the catalogue: its name, the resource it is about, who may see it, and its data.
import type { z } from 'zod';

/**
 * `public` events are delivered as webhooks and listed by `GET /events`: their `data` IS the resource's API shape at
 * that moment (rendered as `data.object`). `internal` events are audit only (quote snapshots with rates and margins,
 * support access, security events) and never leave the provider.
 */
export type EventVisibility = 'public' | 'internal';

export interface EventDefinition<
  TData extends z.ZodType = z.ZodType,
  TVisibility extends EventVisibility = EventVisibility,
> {
  /** The resource the event is about; stored as the event's `subject_type`. */
  readonly resource: string;
  readonly visibility: TVisibility;
  /** For a public event, the resource's wire schema; for an internal one, whatever the audit trail needs. */
  readonly data: TData;
  /** One sentence for the API reference and the audit view. */
  readonly description: string;
}

/**
 * Declares one area's event types (`lib/events/catalogue/<area>.ts`). Names are `<resource>.<change>` in
 * snake_case (`funding.deposit_credited`, `batch.confirmed`): two parts, never three.
 */
export function defineEvents<const T extends Record<string, EventDefinition>>(definitions: T): T {
  for (const name of Object.keys(definitions)) {
    if (!/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(name)) {
      throw new Error(`event type "${name}" must be <resource>.<change> in snake_case`);
    }
  }
  return definitions;
}

/** The event type of a status change: `order` + `PAYING_BENEFICIARY` → `order.paying_beneficiary`. */
export type StatusEventType<R extends string, S extends string> = `${R}.${Lowercase<S>}`;

export function statusEventType<const R extends string, const S extends string>(
  resource: R,
  status: S,
): StatusEventType<R, S> {
  return `${resource}.${status.toLowerCase()}` as StatusEventType<R, S>;
}

/** One event type per status of a resource with a lifecycle (`order.<status in lower case>`). */
export function statusEvents<
  const R extends string,
  const S extends string,
  TData extends z.ZodType,
  const V extends EventVisibility,
>(
  resource: R,
  statuses: readonly S[],
  definition: Omit<EventDefinition<TData, V>, 'resource' | 'description'> & {
    describe: (status: S) => string;
  },
): Record<StatusEventType<R, S>, EventDefinition<TData, V>> {
  return Object.fromEntries(
    statuses.map((status) => [
      statusEventType(resource, status),
      {
        resource,
        visibility: definition.visibility,
        data: definition.data,
        description: definition.describe(status),
      },
    ]),
  ) as unknown as Record<StatusEventType<R, S>, EventDefinition<TData, V>>;
}
