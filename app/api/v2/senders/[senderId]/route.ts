import { getSender, updateSender } from '@/lib/api/operations/profiles';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { profileActor } from '@/lib/profiles/common';
import { getSender as get, updateSender as update } from '@/lib/profiles/senders';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getSender, ({ actor, db, params }) => get(db, actor.orgId, params.senderId)),
  PATCH: handle(updateSender, ({ actor, db, params, body, requestId }) =>
    update(db, {
      orgId: actor.orgId,
      senderId: params.senderId,
      patch: body,
      actor: profileActor(actor),
      requestId,
    }),
  ),
});
