// Serves POST /api/v2/senders/{senderId}/submit: send a sender to KYC/KYB review.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { submitSenderOperation } from '@/lib/profiles/contract/operations';
import { submitProfile } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(submitSenderOperation, ({ actor, db, params, requestId }) =>
    submitProfile(db, 'sender', {
      orgId: actor.orgId,
      profileId: params.senderId,
      actor: serviceActor(actor, requestId),
    }),
  ),
});
