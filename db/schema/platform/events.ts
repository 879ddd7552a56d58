// Owns the event log: every state change writes one row in its transaction (audit trail and webhook source).
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ACTOR_TYPES, type ActorType } from '@/lib/platform/events/enums';
import { createdAt, id, oneOf } from '../_columns';
import { optionalOrgId } from '../_org-id';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { ACTOR_TYPES, type ActorType } from '@/lib/platform/events/enums';

export const events = pgTable(
  'events',
  {
    id: id(),
    /** Null for provider-wide events (rate changes, staff sign-ins). */
    orgId: optionalOrgId('cascade'),
    /** Dotted name, e.g. `funding.deposit.credited`, `api_key.revoked`. */
    type: text().notNull(),
    actorType: text().$type<ActorType>().notNull(),
    /** User, API key or staff id; null for the system. */
    actorId: uuid(),
    /** Set when a support user acted while viewing as the organization. */
    impersonationSessionId: uuid(),
    subjectType: text().notNull(),
    subjectId: uuid(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('events_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('events_type_created_idx').on(t.type, t.createdAt),
    oneOf('events_actor_type_valid', t.actorType, ACTOR_TYPES),
  ],
);
