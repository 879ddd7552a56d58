// Serves GET /api/v2/support/pricing: rates, corridors and margins (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getPricing } from '@/lib/pricing/server';
import { getSupportPricingOperation } from '@/lib/support/contract/operations';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSupportPricingOperation, ({ db }) => getPricing(db)),
});
