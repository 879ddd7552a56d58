// Owns what people are told: one row per (event, recipient, channel), each person's preferences per organization and
// kind, and the low-balance alert that is told once until the balance recovers.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@/lib/notifications/contract/enums';
import { createdAt, id, oneOf, timestampMs } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';
import { emailOutbox } from './platform/email-outbox';
import { events } from './platform/events';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** Cascade: a notification means nothing without its organization, its person or its event. */
    orgId: orgId('cascade'),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    channel: text().$type<NotificationChannel>().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** The portal page to act on (a path). */
    link: text().notNull(),
    /** The email channel's outbox row (its delivery is the email job's). */
    emailOutboxId: uuid().references(() => emailOutbox.id, { onDelete: 'set null' }),
    readAt: timestampMs('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_event_user_channel_key').on(t.eventId, t.userId, t.channel),
    oneOf('notifications_kind_valid', t.kind, NOTIFICATION_KINDS),
    oneOf('notifications_channel_valid', t.channel, NOTIFICATION_CHANNELS),
    // The bell: a person's in-app rows in one organization, newest first, and the unread count.
    index('notifications_user_org_created_idx').on(t.userId, t.orgId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.orgId)
      .where(sql`${t.readAt} is null and ${t.channel} = 'in_app'`),
  ],
);

/** A person's choice for one kind in one organization; no row means the default (both channels on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: orgId('cascade'),
    kind: text().$type<NotificationKind>().notNull(),
    inApp: boolean().notNull(),
    email: boolean().notNull(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.orgId, t.kind] }),
    oneOf('notification_preferences_kind_valid', t.kind, NOTIFICATION_KINDS),
  ],
);

/** An organization whose available balance is below its threshold and was told so: deleted when it recovers. */
export const lowBalanceAlerts = pgTable('low_balance_alerts', {
  orgId: orgId('cascade').primaryKey(),
  alertedAt: timestampMs('alerted_at').notNull().defaultNow(),
});
