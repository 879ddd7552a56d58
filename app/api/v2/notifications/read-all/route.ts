// Serves POST /api/v2/notifications/read-all: marks every one of your unread notifications read.

import { handle } from '@/lib/app/handle';
import { readAllNotificationsOperation } from '@/lib/notifications/contract/operations';
import { readAllNotifications, readerOf } from '@/lib/notifications/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(readAllNotificationsOperation, ({ actor, db }) => readAllNotifications(db, readerOf(actor))),
});
