// Serves DELETE /api/v2/api-keys/{apiKeyId}: revoke a key at once on every instance.

import { handle } from '@/lib/app/handle';
import { revokeApiKeyOperation } from '@/lib/identity/contract/api-keys-operations';
import { revokeOrganizationApiKey } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(revokeApiKeyOperation, ({ actor, db, params, requestId }) =>
    revokeOrganizationApiKey(db, {
      orgId: actor.orgId,
      apiKeyId: params.apiKeyId,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
