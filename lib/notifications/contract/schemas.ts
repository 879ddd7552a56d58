// Owns the wire shapes of notifications: a notification as the bell lists it, the list's filter, and a person's
// preferences per kind and channel.
import { z } from 'zod';
import { cursorPaginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { ALWAYS_ON_KINDS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from './enums';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({
  id: 'NotificationKind',
  description:
    'What the notification is about. `security` (a new API key, a role change, a second factor switched off) cannot be switched off.',
});

export const notificationSchema = z
  .object({
    id: idSchema,
    kind: notificationKindSchema,
    title: z.string(),
    body: z
      .string()
      .meta({ description: 'What happened, in a sentence or two (a failure gives its reason)' }),
    link: z.string().meta({ description: 'The portal page to act on, as a path (e.g. `/batches/{id}`)' }),
    read_at: timestampSchema.nullable().meta({ description: 'When you marked it read; null while unread' }),
    created_at: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type NotificationWire = z.input<typeof notificationSchema>;

export const notificationIdParams = z.object({ notificationId: idSchema });

export const notificationsQuery = cursorPaginationQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: '`true`: only unread notifications (the page’s `meta.total` is the unread count)' }),
});

export const readAllResultSchema = z
  .object({ marked_read: z.number().int().meta({ description: 'How many were unread and are read now' }) })
  .meta({ id: 'NotificationsReadAll' });

export const notificationPreferenceSchema = z
  .object({
    kind: notificationKindSchema,
    label: z.string().meta({ description: 'What the kind is called in the portal' }),
    in_app: z.boolean().meta({ description: 'Shown in the portal’s bell' }),
    email: z.boolean().meta({ description: 'Sent by email, with a link to the page to act on' }),
    always_on: z.boolean().meta({ description: 'Security notices: both channels, whatever is chosen' }),
  })
  .meta({ id: 'NotificationPreference' });

export const notificationPreferencesSchema = z
  .object({ preferences: z.array(notificationPreferenceSchema) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesWire = z.input<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesBody = z
  .object({
    preferences: z
      .array(
        z
          .object({ kind: notificationKindSchema, in_app: z.boolean(), email: z.boolean() })
          .meta({ example: { kind: 'batch_finished', in_app: true, email: false } }),
      )
      .max(NOTIFICATION_KINDS.length * 2)
      .superRefine((items, ctx) => {
        items.forEach((item, index) => {
          if (ALWAYS_ON_KINDS.includes(item.kind) && !(item.in_app && item.email)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'kind'],
              message: `${NOTIFICATION_KIND_LABELS[item.kind]}: security notices cannot be switched off`,
            });
          }
        });
      }),
  })
  .meta({ id: 'UpdateNotificationPreferencesRequest' });
