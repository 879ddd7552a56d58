// Serves GET /api/v2/support/views/export: every support view as CSV (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { exportSupportViewsOperation } from '@/lib/support/contract/operations';
import { exportViewsCsv } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(exportSupportViewsOperation, async ({ query, db }) => ({
    contentType: 'text/csv; charset=utf-8',
    filename: 'support-views.csv',
    body: new TextEncoder().encode(await exportViewsCsv(db, query.org_id)),
  })),
});
