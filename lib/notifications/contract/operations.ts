// Owns the declarations of notifications (DESIGN "Notifications"): a person's own notifications in the organization
// they act in, and their preferences. Session only: a notification is a person's, never an API key's.
import { defineOperation } from '@/lib/platform/operations/operation';
import { CURSOR_PAGINATION, cursorListEnvelopeSchema } from '@/lib/platform/pagination';
import {
  notificationIdParams,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsQuery,
  readAllResultSchema,
  updateNotificationPreferencesBody,
} from './schemas';

const TAGS = ['Notifications'];

export const listNotificationsOperation = defineOperation({
  id: 'listNotifications',
  method: 'GET',
  path: '/api/v2/notifications',
  summary: 'Your notifications in this organization',
  description: `What you were told in the portal (the bell), newest first: batches you made finishing, failed payments, deposits, approvals waiting for you, security notices. Only yours, only in the organization you act in. \`unread=true\` lists the unread ones; its \`meta.total\` is the unread count. ${CURSOR_PAGINATION}`,
  tags: TAGS,
  session: true,
  entitlement: 'any',
  query: notificationsQuery,
  response: {
    status: 200,
    description: 'A page of notifications',
    schema: cursorListEnvelopeSchema(notificationSchema),
  },
});

export const readNotificationOperation = defineOperation({
  id: 'readNotification',
  method: 'POST',
  path: '/api/v2/notifications/{notificationId}/read',
  summary: 'Mark a notification read',
  description:
    'Marking it again changes nothing (it keeps its first `read_at`). Another person’s notification, or one of another organization, is 404.',
  tags: TAGS,
  session: true,
  entitlement: 'any',
  idempotent: false,
  params: notificationIdParams,
  response: { status: 200, description: 'The notification, read', schema: notificationSchema },
});

export const readAllNotificationsOperation = defineOperation({
  id: 'readAllNotifications',
  method: 'POST',
  path: '/api/v2/notifications/read-all',
  summary: 'Mark all your notifications read',
  description: 'Every unread notification of yours in this organization; none of anyone else’s.',
  tags: TAGS,
  session: true,
  entitlement: 'any',
  idempotent: false,
  response: { status: 200, description: 'How many were marked read', schema: readAllResultSchema },
});

export const getNotificationPreferencesOperation = defineOperation({
  id: 'getNotificationPreferences',
  method: 'GET',
  path: '/api/v2/account/notification-preferences',
  summary: 'What you are told in this organization, and how',
  description:
    'Every kind with its two channels (`in_app`, `email`); a kind you never chose is on in both. Yours, in the organization you act in.',
  tags: TAGS,
  session: true,
  entitlement: 'any',
  response: { status: 200, description: 'Your preferences', schema: notificationPreferencesSchema },
});

export const updateNotificationPreferencesOperation = defineOperation({
  id: 'updateNotificationPreferences',
  method: 'PUT',
  path: '/api/v2/account/notification-preferences',
  summary: 'Choose what you are told in this organization, and how',
  description:
    'The kinds listed are set; the others keep their choice. Switching `security` off in either channel is refused (422, the field names the item): security notices are always sent.',
  tags: TAGS,
  session: true,
  entitlement: 'any',
  body: updateNotificationPreferencesBody,
  response: {
    status: 200,
    description: 'Your preferences, all kinds',
    schema: notificationPreferencesSchema,
  },
});

export const notificationOperations = [
  listNotificationsOperation,
  readNotificationOperation,
  readAllNotificationsOperation,
  getNotificationPreferencesOperation,
  updateNotificationPreferencesOperation,
];
