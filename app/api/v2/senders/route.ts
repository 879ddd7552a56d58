// Serves /api/v2/senders: register a sender, list the organization's senders.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { createSenderOperation, listSendersOperation } from '@/lib/profiles/contract/operations';
import { createProfile, listProfiles } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listSendersOperation, ({ actor, db, query }) =>
    listProfiles(db, 'sender', actor.orgId, {
      limit: query.limit,
      page: query.page,
      status: query.status,
      clientReference: query.client_reference,
    }),
  ),
  POST: handle(createSenderOperation, ({ actor, db, body, requestId }) =>
    createProfile(db, 'sender', { orgId: actor.orgId, input: body, actor: serviceActor(actor, requestId) }),
  ),
});
