// Serves /api/v2/support/pricing/corridors: every corridor with its fees (GET) and opening one (POST), support lead.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import {
  createSupportCorridorOperation,
  listSupportCorridorsOperation,
} from '@/lib/pricing/contract/operations';
import { createCorridor, listCorridorDetails } from '@/lib/pricing/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listSupportCorridorsOperation, async ({ db }) => {
    const items = await listCorridorDetails(db);
    return { items, meta: { limit: items.length, page: 1, total: items.length } };
  }),
  POST: handle(createSupportCorridorOperation, ({ actor, body, db }) => createCorridor(db, actor, body)),
});
