// Serves POST /api/v2/support/deposits/{depositId}/reject: a recorded deposit is not credited, with a reason.

import { handle } from '@/lib/app/handle';
import { rejectManualDepositOperation } from '@/lib/funding/contract/support-operations';
import { rejectManualDeposit } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(rejectManualDepositOperation, ({ actor, db, params, body }) =>
    rejectManualDeposit(db, actor, params.depositId, body),
  ),
});
