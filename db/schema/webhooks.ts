// Owns webhook endpoints of organizations and the delivery of events to them.
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
} from '@/lib/webhooks/contract/enums';
import { createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';
import { events } from './platform/events';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
} from '@/lib/webhooks/contract/enums';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    orgId: orgId(),
    url: text().notNull(),
    description: text(),
    /** Encrypted at rest with ENCRYPTION_KEY; the ciphertext carries its key id so the key can rotate. */
    signingSecretEncrypted: text().notNull(),
    /** After a rotation: the old secret, still signing (a second `v1`) until previousSecretExpiresAt. */
    previousSigningSecretEncrypted: text(),
    previousSecretExpiresAt: timestampMs('previous_secret_expires_at'),
    /** Event types delivered to this endpoint (names as in events.type), or `['*']` for all; never empty. */
    eventTypes: text().array().notNull(),
    status: text().$type<WebhookEndpointStatus>().notNull().default('enabled'),
    /** Why it is disabled, shown to the organization's admins; null while enabled. */
    disabledReason: text(),
    disabledAt: timestampMs('disabled_at'),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('webhook_endpoints_org_id_key').on(t.orgId, t.id),
    index('webhook_endpoints_org_created_idx').on(t.orgId, t.createdAt, t.id),
    oneOf('webhook_endpoints_status_valid', t.status, WEBHOOK_ENDPOINT_STATUSES),
    check('webhook_endpoints_url_http', sql`${t.url} ~ '^https?://'`),
    check('webhook_endpoints_event_types_present', sql`cardinality(${t.eventTypes}) > 0`),
    check(
      'webhook_endpoints_disabled_at_iff_disabled',
      sql`(${t.status} = 'disabled') = (${t.disabledAt} is not null)`,
    ),
    check(
      'webhook_endpoints_previous_secret_expires',
      sql`(${t.previousSigningSecretEncrypted} is null) = (${t.previousSecretExpiresAt} is null)`,
    ),
  ],
);

/**
 * One event to one endpoint: its visible state and its schedule. Pending and due (`next_attempt_at` passed) or asked
 * to be re-sent, it is taken by its endpoint's drain (lib/platform/webhook-delivery/drain.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    orgId: orgId(),
    endpointId: uuid().notNull(),
    /** References events.id (FK added with that table). */
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs('next_attempt_at'),
    lastAttemptAt: timestampMs('last_attempt_at'),
    lastResponseStatus: integer(),
    /** Milliseconds from sending the request to the end of the (capped) answer, or to the failure. */
    lastLatencyMs: integer(),
    /** The first KiB of the last answer's body, shown to the organization's admins to debug their receiver. */
    lastResponseBody: text(),
    /** Why the last attempt failed without an answer (timeout, refused connection, unsafe address…). */
    lastError: text(),
    /** A re-send was asked for at this time and not made yet: one extra attempt, beside the automatic schedule. */
    resendRequestedAt: timestampMs('resend_requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Deliveries are not money: they go with their endpoint.
    foreignKey({
      name: 'webhook_deliveries_endpoint_fk',
      columns: [t.orgId, t.endpointId],
      foreignColumns: [webhookEndpoints.orgId, webhookEndpoints.id],
    }).onDelete('cascade'),
    // Fan-out is idempotent: an event is delivered to an endpoint once, however often it is enqueued.
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    // What a drain claims, oldest first, and how the sweep finds endpoints with due deliveries (one probe each).
    index('webhook_deliveries_endpoint_due_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_resend_idx').on(t.endpointId).where(sql`${t.resendRequestedAt} is not null`),
    oneOf('webhook_deliveries_status_valid', t.status, WEBHOOK_DELIVERY_STATUSES),
    check('webhook_deliveries_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('webhook_deliveries_response_body_capped', sql`octet_length(${t.lastResponseBody}) <= 4096`),
    check('webhook_deliveries_response_status_range', sql`${t.lastResponseStatus} between 100 and 599`),
    check(
      'webhook_deliveries_succeeded_was_2xx',
      sql`${t.status} <> 'succeeded' or coalesce(${t.lastResponseStatus} between 200 and 299, false)`,
    ),
  ],
);

/**
 * Who is draining an endpoint's deliveries (at most one worker at a time, so its concurrency bound holds across
 * processes) and until when: a lease, renewed at each round trip, that another worker may take once it expired (a
 * crashed worker). `owner` is `queued` while a drain job handed over by a leaving drain waits to run. No row: nobody
 * drains it, and the next delivery's transaction adds a drain job (lib/platform/webhook-delivery/enqueue.ts).
 */
export const webhookEndpointDrains = pgTable(
  'webhook_endpoint_drains',
  {
    endpointId: uuid().primaryKey(),
    orgId: orgId('cascade'),
    owner: text().notNull(),
    leaseExpiresAt: timestampMs('lease_expires_at').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'webhook_endpoint_drains_endpoint_fk',
      columns: [t.orgId, t.endpointId],
      foreignColumns: [webhookEndpoints.orgId, webhookEndpoints.id],
    }).onDelete('cascade'),
  ],
);
