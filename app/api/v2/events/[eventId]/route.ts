import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getEventOperation } from '@/lib/webhooks/contract/operations';
import { getEvent } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getEventOperation, ({ actor, db, params }) => getEvent(db, actor.orgId, params.eventId)),
});
