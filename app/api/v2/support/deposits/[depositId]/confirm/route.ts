// Serves POST /api/v2/support/deposits/{depositId}/confirm: a second person confirms a recorded deposit (credited).

import { handle } from '@/lib/app/handle';
import { confirmManualDepositOperation } from '@/lib/funding/contract/support-operations';
import { confirmManualDeposit } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(confirmManualDepositOperation, ({ actor, db, params, requestId }) =>
    confirmManualDeposit(db, actor, params.depositId, requestId),
  ),
});
