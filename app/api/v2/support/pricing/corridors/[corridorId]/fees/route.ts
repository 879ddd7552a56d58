// Serves PUT /api/v2/support/pricing/corridors/{corridorId}/fees: replace a corridor's fee schedule (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { updateSupportCorridorFeesOperation } from '@/lib/pricing/contract/operations';
import { updateCorridorFees } from '@/lib/pricing/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(updateSupportCorridorFeesOperation, ({ actor, params, body, db }) =>
    updateCorridorFees(db, actor, params.corridorId, body),
  ),
});
