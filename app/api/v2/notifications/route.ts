// Serves GET /api/v2/notifications: your notifications in the organization you act in, newest first (the bell).

import { handle } from '@/lib/app/handle';
import { listNotificationsOperation } from '@/lib/notifications/contract/operations';
import { listNotifications, readerOf } from '@/lib/notifications/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listNotificationsOperation, ({ actor, db, query }) =>
    listNotifications(db, readerOf(actor), { ...cursorPageRequest(query), unread: query.unread === 'true' }),
  ),
});
