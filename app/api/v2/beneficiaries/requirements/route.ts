// Serves GET /api/v2/beneficiaries/requirements: the fields a corridor (currency, bank country) needs.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getBeneficiaryRequirementsOperation } from '@/lib/profiles/contract/operations';
import { corridorRequirements } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getBeneficiaryRequirementsOperation, async ({ query }) =>
    corridorRequirements(query.currency, query.country, query.residence_country),
  ),
});
