// Serves POST /api/v2/support/pricing/rates: publish an FX rate (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { publishRate } from '@/lib/pricing/server';
import { publishSupportRateOperation } from '@/lib/support/contract/operations';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(publishSupportRateOperation, ({ actor, body, db }) => publishRate(db, actor, body)),
});
