// Serves POST /api/v2/support/chain-alerts/{alertId}/resolve: operations settle a credited deposit that vanished.

import { handle } from '@/lib/app/handle';
import { resolveChainAlertOperation } from '@/lib/funding/contract/support-operations';
import { resolveVanishedDeposit } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(resolveChainAlertOperation, ({ actor, db, params, body, requestId }) =>
    resolveVanishedDeposit(db, actor, params.alertId, body, requestId),
  ),
});
