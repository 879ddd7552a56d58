// Serves PUT /api/v2/support/pricing/margins: set an organization's margin (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { setMargin } from '@/lib/pricing/server';
import { setSupportMarginOperation } from '@/lib/support/contract/operations';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(setSupportMarginOperation, ({ actor, body, db }) => setMargin(db, actor, body)),
});
