// Owns the lifecycle of API keys: issuing (key, ES256 pair or registered public key, shared secret), listing and revoking.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { API_KEY_ROLES, type ApiKeyRole, apiKeys } from '@/db/schema/identity/api-keys';
import { organizations } from '@/db/schema/identity/organizations';
import { rateLimitProblem } from '@/lib/identity/contract/api-key-limits';
import { DEFAULT_API_KEY_ROLE } from '@/lib/identity/contract/api-keys-enums';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { apiKeySecretContext, encryptSecret } from '@/lib/platform/crypto/secrets';
import { generateEs256KeyPair, normalizeP256PublicKey, randomToken } from '@/lib/platform/crypto/tokens';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, SYSTEM_ACTOR, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { isUuid, newId } from '@/lib/platform/ids';
import { REVOCATION_CHANNEL } from './api-key-material';

/** Characters of the key kept in clear (`prefix`) so people can tell keys apart in lists and logs. */
export const API_KEY_PREFIX_LENGTH = 16;
const MAX_NAME_LENGTH = 100;

export interface CreateApiKeyInput {
  orgId: string;
  name: string;
  role?: ApiKeyRole;
  rateLimitPerMinute?: number;
  /** A P-256 public key (SPKI PEM) the integrator registers; without it a pair is generated. */
  publicKeyPem?: string;
  createdByUserId?: string;
  /** Who to name in the audit trail; defaults to the creating user, else the system. */
  actor?: AuditActor;
  requestId?: string;
}

/** What the creator sees exactly once: the key, the shared secret and, when generated, the private key. */
export interface CreatedApiKey {
  id: string;
  orgId: string;
  name: string;
  apiKey: string;
  prefix: string;
  role: ApiKeyRole;
  rateLimitPerMinute: number;
  publicKeyPem: string;
  privateKeyPem: string | null;
  sharedSecret: string;
  createdAt: Date;
}

/** An API key as lists show it: no key, no secret. */
export interface ApiKeySummary {
  id: string;
  orgId: string;
  name: string;
  prefix: string;
  role: ApiKeyRole;
  rateLimitPerMinute: number;
  publicKeyPem: string;
  createdByUserId: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface RevokedApiKey extends ApiKeySummary {
  revokedAt: Date;
  /** True when an earlier call had revoked it (this one changed nothing). */
  alreadyRevoked: boolean;
}

const summaryColumns = {
  id: apiKeys.id,
  orgId: apiKeys.orgId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  role: apiKeys.role,
  rateLimitPerMinute: apiKeys.rateLimitPerMinute,
  publicKeyPem: apiKeys.publicKeyPem,
  createdByUserId: apiKeys.createdByUserId,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

const invalid = (field: string, message: string) =>
  ApiError.validation([{ field, code: 'invalid', message: `${field}: ${message}` }]);

/** `sk_sandbox_…` or `sk_live_…`: the mode is visible in the key, so a sandbox key pasted into production is obvious. */
function newApiKey(): string {
  const mode = env().APP_ENV === 'production' ? 'live' : 'sandbox';
  return `sk_${mode}_${randomToken(32)}`;
}

function validatedPublicKey(pem: string): string {
  // createPublicKey would happily derive a public key from a private one; a private key must never be uploaded.
  if (/PRIVATE KEY/.test(pem)) {
    throw invalid(
      'public_key',
      'is a private key; register the public key (SPKI PEM) and keep the private key',
    );
  }
  try {
    return normalizeP256PublicKey(pem);
  } catch {
    throw invalid('public_key', 'must be an EC P-256 public key in PEM');
  }
}

function validateCreate(input: CreateApiKeyInput, rateLimit: number, role: string): string {
  const name = input.name.trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) {
    throw invalid('name', `must be 1 to ${MAX_NAME_LENGTH} characters`);
  }
  if (!(API_KEY_ROLES as readonly string[]).includes(role)) {
    throw invalid('role', `must be one of ${API_KEY_ROLES.join(', ')}`);
  }
  const rateLimitRefused = rateLimitProblem(rateLimit);
  if (rateLimitRefused) throw invalid('rate_limit_per_minute', rateLimitRefused);
  return name;
}

/** Issues a key for an organization; the event and the key row commit together. */
export async function createApiKey(executor: Executor, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const role = input.role ?? DEFAULT_API_KEY_ROLE;
  const rateLimitPerMinute = input.rateLimitPerMinute ?? env().DEFAULT_RATE_LIMIT_PER_MINUTE;
  const name = validateCreate(input, rateLimitPerMinute, role);
  if (!isUuid(input.orgId)) throw ApiError.notFound('Organization');

  const generated = input.publicKeyPem === undefined ? generateEs256KeyPair() : null;
  const publicKeyPem = generated?.publicKeyPem ?? validatedPublicKey(input.publicKeyPem ?? '');
  const apiKey = newApiKey();
  const sharedSecret = randomToken(32);
  const prefix = apiKey.slice(0, API_KEY_PREFIX_LENGTH);

  return executor.transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.orgId));
    if (!organization) throw ApiError.notFound('Organization');

    // The id is made here so the secret's ciphertext can be bound to its row.
    const id = newId();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id,
        orgId: input.orgId,
        name,
        prefix,
        keyHash: sha256Hex(apiKey),
        publicKeyPem,
        sharedSecretCiphertext: encryptSecret(sharedSecret, apiKeySecretContext(id)),
        role,
        rateLimitPerMinute,
        createdByUserId: input.createdByUserId ?? null,
      })
      .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });

    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'api_key.created',
      actor: auditActorFor(input.actor, input.createdByUserId),
      subjectId: row!.id,
      // Never the key, the secret or a private key: events feed webhooks and the audit view.
      data: {
        name,
        prefix,
        role,
        rate_limit_per_minute: rateLimitPerMinute,
        key_pair_generated: generated !== null,
      },
      requestId: input.requestId ?? null,
    });

    return {
      id: row!.id,
      orgId: input.orgId,
      name,
      apiKey,
      prefix,
      role,
      rateLimitPerMinute,
      publicKeyPem,
      privateKeyPem: generated?.privateKeyPem ?? null,
      sharedSecret,
      createdAt: row!.createdAt,
    };
  });
}

function auditActorFor(actor: AuditActor | undefined, userId: string | undefined): AuditActor {
  return actor ?? (userId ? userAuditActor(userId) : SYSTEM_ACTOR);
}

export interface RevokeApiKeyInput {
  id: string;
  /** When given, a key of another organization is "not found". */
  orgId?: string;
  actor?: AuditActor;
  requestId?: string;
}

/**
 * Revokes a key at once on every instance: `revoked_at` and a NOTIFY on the revocation channel commit together,
 * and each instance's key cache drops the key when it hears it. Idempotent (a second call keeps the first time and
 * records nothing). Null when no such key (in that organization) exists.
 */
export async function revokeApiKey(
  executor: Executor,
  input: RevokeApiKeyInput,
): Promise<RevokedApiKey | null> {
  if (!isUuid(input.id) || (input.orgId !== undefined && !isUuid(input.orgId))) return null;
  const scope = and(eq(apiKeys.id, input.id), input.orgId ? eq(apiKeys.orgId, input.orgId) : undefined);

  return executor.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now() })
      .where(and(scope, isNull(apiKeys.revokedAt)))
      .returning({ ...summaryColumns, keyHash: apiKeys.keyHash });

    if (!revoked) {
      const [existing] = await tx.select(summaryColumns).from(apiKeys).where(scope);
      if (!existing?.revokedAt) return null;
      return { ...existing, revokedAt: existing.revokedAt, alreadyRevoked: true };
    }

    const { keyHash, ...summary } = revoked;
    await recordEvent(tx, {
      orgId: summary.orgId,
      type: 'api_key.revoked',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: summary.id,
      data: { name: summary.name, prefix: summary.prefix },
      requestId: input.requestId ?? null,
    });
    // Delivered at commit, to every listening instance (this one included); the payload is the cache's key.
    await tx.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${keyHash})`);
    return { ...summary, revokedAt: summary.revokedAt!, alreadyRevoked: false };
  });
}

/** The organization's keys, oldest first, revoked ones included (with `revokedAt`); never a key or a secret. */
export async function listApiKeys(executor: Executor, orgId: string): Promise<ApiKeySummary[]> {
  if (!isUuid(orgId)) return [];
  return executor
    .select(summaryColumns)
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}
