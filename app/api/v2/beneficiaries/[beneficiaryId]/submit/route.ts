// Serves POST /api/v2/beneficiaries/{beneficiaryId}/submit: send a beneficiary to review.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { submitBeneficiaryOperation } from '@/lib/profiles/contract/operations';
import { submitProfile } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(submitBeneficiaryOperation, ({ actor, db, params, requestId }) =>
    submitProfile(db, 'beneficiary', {
      orgId: actor.orgId,
      profileId: params.beneficiaryId,
      actor: serviceActor(actor, requestId),
    }),
  ),
});
