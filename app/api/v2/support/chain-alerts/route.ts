// Serves GET /api/v2/support/chain-alerts: what the chain watcher could not settle alone (EVM custody), for operations.

import { handle } from '@/lib/app/handle';
import { listChainAlertsOperation } from '@/lib/funding/contract/support-operations';
import { listChainAlerts } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listChainAlertsOperation, ({ db, query }) => listChainAlerts(db, query)),
});
