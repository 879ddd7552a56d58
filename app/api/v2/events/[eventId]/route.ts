import { getEventOperation } from '@/lib/api/operations/webhooks';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getEvent } from '@/lib/webhooks/events';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getEventOperation, ({ actor, db, params }) => getEvent(db, actor.orgId, params.eventId)),
});
