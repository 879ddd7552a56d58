// Serves GET /api/v2/support/organizations/{orgId}/liquidity: the liquidity back office of one organization (lead).
import { getLiquidityBackOfficeOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getBackOffice } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getLiquidityBackOfficeOperation, ({ db, params }) => getBackOffice(db, params.orgId)),
});
