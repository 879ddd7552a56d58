import { createSender, listSenders } from '@/lib/api/operations/profiles';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { profileActor } from '@/lib/profiles/common';
import { createSender as create, listSenders as list } from '@/lib/profiles/senders';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listSenders, ({ actor, db, query }) => list(db, actor.orgId, query)),
  POST: handle(createSender, ({ actor, db, body, requestId }) =>
    create(db, { orgId: actor.orgId, input: body, actor: profileActor(actor), requestId }),
  ),
});
