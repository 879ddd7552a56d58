// Serves GET|PUT /api/v2/account/notification-preferences: what you are told in this organization, and how.

import { handle } from '@/lib/app/handle';
import {
  getNotificationPreferencesOperation,
  updateNotificationPreferencesOperation,
} from '@/lib/notifications/contract/operations';
import {
  getNotificationPreferences,
  readerOf,
  updateNotificationPreferences,
} from '@/lib/notifications/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getNotificationPreferencesOperation, ({ actor, db }) =>
    getNotificationPreferences(db, readerOf(actor)),
  ),
  PUT: handle(updateNotificationPreferencesOperation, ({ actor, db, body }) =>
    updateNotificationPreferences(db, readerOf(actor), body.preferences),
  ),
});
