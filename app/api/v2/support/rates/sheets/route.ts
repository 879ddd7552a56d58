// Serves /api/v2/support/rates/sheets: treasury's rate sheets (GET the history: treasury, support lead; POST publish:
// treasury).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listRateSheetsOperation, publishRateSheetOperation } from '@/lib/pricing/contract/operations';
import { listRateSheets, publishRateSheet } from '@/lib/pricing/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listRateSheetsOperation, ({ query, db }) => listRateSheets(db, query)),
  POST: handle(publishRateSheetOperation, ({ actor, body, db }) => publishRateSheet(db, actor, body)),
});
