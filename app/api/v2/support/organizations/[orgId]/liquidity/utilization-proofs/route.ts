// Serves POST /api/v2/support/organizations/{orgId}/liquidity/utilization-proofs: record utilization (support lead).

import { handle } from '@/lib/app/handle';
import { recordSupportUtilizationOperation } from '@/lib/liquidity/contract/support-operations';
import { staffRecordUtilization } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(recordSupportUtilizationOperation, ({ actor, db, params, body }) =>
    staffRecordUtilization(db, actor, params.orgId, body),
  ),
});
