// Serves POST /api/v2/beneficiaries/{beneficiaryId}/submit: send a beneficiary to review.
import { submitBeneficiaryOperation } from '@/lib/api/operations/profiles';
import { serviceActor } from '@/lib/auth/service-actor';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { submitBeneficiary } from '@/lib/profiles/beneficiaries';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(submitBeneficiaryOperation, ({ actor, db, params, requestId }) =>
    submitBeneficiary(db, {
      orgId: actor.orgId,
      profileId: params.beneficiaryId,
      actor: serviceActor(actor, requestId),
    }),
  ),
});
