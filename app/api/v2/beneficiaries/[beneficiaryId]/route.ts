// Serves /api/v2/beneficiaries/{beneficiaryId}: read a beneficiary (masked), edit it under the review rules.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { getBeneficiaryOperation, updateBeneficiaryOperation } from '@/lib/profiles/contract/operations';
import { getProfile, updateProfile } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getBeneficiaryOperation, ({ actor, db, params }) =>
    getProfile(db, 'beneficiary', actor.orgId, params.beneficiaryId),
  ),
  PATCH: handle(updateBeneficiaryOperation, ({ actor, db, params, body, requestId }) =>
    updateProfile(db, 'beneficiary', {
      orgId: actor.orgId,
      profileId: params.beneficiaryId,
      patch: body,
      actor: serviceActor(actor, requestId),
    }),
  ),
});
