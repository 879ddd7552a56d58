// Serves GET /api/v2/support/views: every support view (support lead).
import { listSupportViewsOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { listAllViews } from '@/lib/support/access-log';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listSupportViewsOperation, ({ query, db }) => listAllViews(db, query)),
});
