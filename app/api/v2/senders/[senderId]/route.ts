// Serves /api/v2/senders/{senderId}: read a sender, edit it under the review rules.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { getSenderOperation, updateSenderOperation } from '@/lib/profiles/contract/operations';
import { getProfile, updateProfile } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSenderOperation, ({ actor, db, params }) =>
    getProfile(db, 'sender', actor.orgId, params.senderId),
  ),
  PATCH: handle(updateSenderOperation, ({ actor, db, params, body, requestId }) =>
    updateProfile(db, 'sender', {
      orgId: actor.orgId,
      profileId: params.senderId,
      patch: body,
      actor: serviceActor(actor, requestId),
    }),
  ),
});
