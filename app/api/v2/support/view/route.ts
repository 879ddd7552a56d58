// Serves /api/v2/support/view: this session's read-only "view as organization" — read, start (POST), end (DELETE).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import {
  endSupportViewOperation,
  getSupportViewOperation,
  startSupportViewOperation,
} from '@/lib/support/contract/operations';
import { currentView, endView, startView } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSupportViewOperation, async ({ actor, db }) => ({ view: await currentView(db, actor) })),
  POST: handle(startSupportViewOperation, ({ actor, body, db, requestId }) =>
    startView(db, actor, body, requestId),
  ),
  DELETE: handle(endSupportViewOperation, ({ actor, db, requestId }) =>
    endView(db, actor, 'exited', requestId),
  ),
});
