// Serves GET /api/v2/support/views: every support view (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listSupportViewsOperation } from '@/lib/support/contract/operations';
import { listAllViews } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listSupportViewsOperation, ({ query, db }) => listAllViews(db, query)),
});
