import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';
import { listEventsOperation } from '@/lib/webhooks/contract/operations';
import { listEvents } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listEventsOperation, ({ actor, db, query }) =>
    listEvents(db, actor.orgId, {
      ...cursorPageRequest(query),
      types: query.type,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    }),
  ),
});
