import { submitSender } from '@/lib/api/operations/profiles';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { profileActor } from '@/lib/profiles/common';
import { submitSender as submit } from '@/lib/profiles/senders';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(submitSender, ({ actor, db, params, requestId }) =>
    submit(db, { orgId: actor.orgId, profileId: params.senderId, actor: profileActor(actor), requestId }),
  ),
});
