// Serves POST /api/v2/beneficiaries/validate: every problem of a beneficiary at once, nothing stored.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { validateBeneficiaryOperation } from '@/lib/profiles/contract/operations';
import { checkBeneficiary } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(validateBeneficiaryOperation, ({ actor, db, body }) =>
    checkBeneficiary(db, actor.orgId, body),
  ),
});
