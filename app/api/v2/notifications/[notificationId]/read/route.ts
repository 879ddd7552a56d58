// Serves POST /api/v2/notifications/{notificationId}/read: marks one of your notifications read.

import { handle } from '@/lib/app/handle';
import { readNotificationOperation } from '@/lib/notifications/contract/operations';
import { readerOf, readNotification } from '@/lib/notifications/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(readNotificationOperation, ({ actor, db, params }) =>
    readNotification(db, readerOf(actor), params.notificationId),
  ),
});
