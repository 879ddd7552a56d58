// Serves GET and POST /api/v2/support/deposits: deposits operations record (manual custody), credited once confirmed.

import { handle } from '@/lib/app/handle';
import {
  listManualDepositsOperation,
  recordManualDepositOperation,
} from '@/lib/funding/contract/support-operations';
import { listManualDeposits, recordManualDeposit } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listManualDepositsOperation, ({ db, query }) => listManualDeposits(db, query)),
  POST: handle(recordManualDepositOperation, ({ actor, db, body }) => recordManualDeposit(db, actor, body)),
});
