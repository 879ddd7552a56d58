// Serves GET|POST /api/v2/api-keys: list and create API keys (admins, session only).

import { handle } from '@/lib/app/handle';
import { createApiKeyOperation, listApiKeysOperation } from '@/lib/identity/contract/api-keys-operations';
import { issueApiKey, listOrganizationApiKeys } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listApiKeysOperation, ({ actor, db, query }) =>
    listOrganizationApiKeys(db, actor.orgId, query),
  ),
  POST: handle(createApiKeyOperation, ({ actor, db, body, requestId }) =>
    issueApiKey(db, {
      orgId: actor.orgId,
      userId: actor.userId ?? '',
      name: body.name,
      role: body.role,
      rateLimitPerMinute: body.rate_limit_per_minute,
      publicKeyPem: body.public_key,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
