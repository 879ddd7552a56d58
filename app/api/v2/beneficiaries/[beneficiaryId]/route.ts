import { getBeneficiary, updateBeneficiary } from '@/lib/api/operations/profiles';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getBeneficiary as get, updateBeneficiary as update } from '@/lib/profiles/beneficiaries';
import { profileActor } from '@/lib/profiles/common';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getBeneficiary, ({ actor, db, params }) => get(db, actor.orgId, params.beneficiaryId)),
  PATCH: handle(updateBeneficiary, ({ actor, db, params, body, requestId }) =>
    update(db, {
      orgId: actor.orgId,
      beneficiaryId: params.beneficiaryId,
      patch: body,
      actor: profileActor(actor),
      requestId,
    }),
  ),
});
