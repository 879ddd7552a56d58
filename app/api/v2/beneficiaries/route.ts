// Serves /api/v2/beneficiaries: register a beneficiary under a sender, list them with filters.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { createBeneficiaryOperation, listBeneficiariesOperation } from '@/lib/profiles/contract/operations';
import { createProfile, listProfiles } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBeneficiariesOperation, ({ actor, db, query }) =>
    listProfiles(db, 'beneficiary', actor.orgId, {
      limit: query.limit,
      page: query.page,
      status: query.status,
      senderProfileId: query.sender_profile_id,
      currency: query.currency,
      clientReference: query.client_reference,
      q: query.q,
    }),
  ),
  POST: handle(createBeneficiaryOperation, ({ actor, db, body, requestId }) => {
    const { sender_profile_id, ...input } = body;
    return createProfile(db, 'beneficiary', {
      orgId: actor.orgId,
      senderProfileId: sender_profile_id,
      input,
      actor: serviceActor(actor, requestId),
    });
  }),
});
