// Owns API-key management as the portal sees it: the list with who created each key, creating one (secrets shown
// once), revoking one — on top of lib/identity/server/auth/api-key-lifecycle.ts, which issues and revokes them.
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { ApiKeyRole } from '@/db/schema/identity/api-keys';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { users } from '@/db/schema/identity/users';
import type { ApiKeyWire, CreatedApiKeyWire } from '@/lib/identity/contract/api-keys-schemas';
import { type ApiKeySummary, createApiKey, revokeApiKey } from '@/lib/identity/server/auth/api-key-lifecycle';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { AuditActor } from '@/lib/platform/events/audit-actor';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';

function toWire(key: Omit<ApiKeySummary, 'orgId' | 'createdByUserId'>, createdBy: string | null): ApiKeyWire {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    role: key.role,
    rate_limit_per_minute: key.rateLimitPerMinute,
    public_key_pem: key.publicKeyPem,
    created_by: createdBy,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

/** The organization's keys, newest first, revoked ones included; never a key, a secret or a private key. */
export async function listOrganizationApiKeys(
  executor: Executor,
  orgId: string,
  page: PageRequest,
): Promise<ListEnvelope<ApiKeyWire>> {
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        role: apiKeys.role,
        rateLimitPerMinute: apiKeys.rateLimitPerMinute,
        publicKeyPem: apiKeys.publicKeyPem,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
        createdBy: users.name,
      })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
      .where(eq(apiKeys.orgId, orgId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ total: count() }).from(apiKeys).where(eq(apiKeys.orgId, orgId)),
  ]);
  return listEnvelope(
    rows.map(({ createdBy, ...key }) => toWire(key, createdBy)),
    page,
    total?.total ?? 0,
  );
}

export interface IssueApiKeyInput {
  orgId: string;
  userId: string;
  name: string;
  role?: ApiKeyRole;
  rateLimitPerMinute?: number;
  publicKeyPem?: string;
  actor: AuditActor;
  requestId?: string;
}

/** Issues a key; the answer is the only time the key, its shared secret and a generated private key are shown. */
export async function issueApiKey(executor: Executor, input: IssueApiKeyInput): Promise<CreatedApiKeyWire> {
  const created = await createApiKey(executor, {
    orgId: input.orgId,
    name: input.name,
    role: input.role,
    rateLimitPerMinute: input.rateLimitPerMinute,
    publicKeyPem: input.publicKeyPem,
    createdByUserId: input.userId,
    actor: input.actor,
    requestId: input.requestId,
  });
  const [creator] = await executor.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
  return {
    ...toWire({ ...created, lastUsedAt: null, revokedAt: null }, creator?.name ?? null),
    api_key: created.apiKey,
    shared_secret: created.sharedSecret,
    private_key_pem: created.privateKeyPem,
  };
}

/** Revokes a key of the organization at once on every instance; revoking twice answers the same. */
export async function revokeOrganizationApiKey(
  executor: Executor,
  input: { orgId: string; apiKeyId: string; actor: AuditActor; requestId?: string },
): Promise<ApiKeyWire> {
  const revoked = await revokeApiKey(executor, {
    id: input.apiKeyId,
    orgId: input.orgId,
    actor: input.actor,
    requestId: input.requestId,
  });
  if (!revoked) throw ApiError.notFound('API key');
  const [creator] = revoked.createdByUserId
    ? await executor.select({ name: users.name }).from(users).where(eq(users.id, revoked.createdByUserId))
    : [];
  return toWire(revoked, creator?.name ?? null);
}
