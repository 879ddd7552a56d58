// Owns API credentials: keys (hashed), their public keys and encrypted shared secrets, and used tokens.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_ROLES, type ApiKeyRole } from '@/lib/identity/contract/api-keys-enums';
import { createdAt, id, oneOf, timestampMs } from '../_columns';
import { orgId } from '../_org-id';
import { users } from './users';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { API_KEY_ROLES, type ApiKeyRole } from '@/lib/identity/contract/api-keys-enums';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    orgId: orgId('cascade'),
    name: text().notNull(),
    /** First characters of the key, shown in lists so people can tell keys apart; not a secret. */
    prefix: text().notNull(),
    /** SHA-256 (hex) of the whole key: the key itself is never stored. */
    keyHash: text().notNull(),
    /** ES256 (P-256) public key as SPKI PEM; tokens of this key must verify against it. */
    publicKeyPem: text().notNull(),
    /** The shared secret for bodyHash, encrypted at rest (`keyId:iv:tag:ciphertext`, see lib/platform/crypto). */
    sharedSecretCiphertext: text().notNull(),
    role: text().$type<ApiKeyRole>().notNull().default('member'),
    rateLimitPerMinute: integer().notNull().default(100),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestampMs('last_used_at'),
    revokedAt: timestampMs('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_org_created_idx').on(t.orgId, t.createdAt, t.id),
    oneOf('api_keys_role_valid', t.role, API_KEY_ROLES),
    check('api_keys_rate_limit_positive', sql`${t.rateLimitPerMinute} > 0`),
  ],
);

/**
 * Tokens that already made a request, with the method of their first use: a second use is refused unless both
 * are reads (GET/HEAD). Keyed by the digest of the token's payload (ECDSA signatures are malleable, so the
 * signature cannot identify a token).
 */
export const usedTokens = pgTable(
  'used_tokens',
  {
    tokenDigest: text().primaryKey(),
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** The token's own `exp`; after it the token is refused anyway, so the row can be purged. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The method of the token's first use; null for rows recorded before 2.3.0, all by state-changing requests. */
    method: text(),
    createdAt: createdAt(),
  },
  (t) => [index('used_tokens_expires_idx').on(t.expiresAt)],
);
