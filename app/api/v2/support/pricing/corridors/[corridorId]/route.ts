// Serves PATCH /api/v2/support/pricing/corridors/{corridorId}: a corridor's status or limits (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { updateCorridor } from '@/lib/pricing/server';
import { updateSupportCorridorOperation } from '@/lib/support/contract/operations';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(updateSupportCorridorOperation, ({ actor, params, body, db }) =>
    updateCorridor(db, actor, params.corridorId, body),
  ),
});
