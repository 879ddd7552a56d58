// Owns the per-instance cache of API key material (public key, decrypted shared secret), dropped on revocation via LISTEN/NOTIFY.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { behindTransactionPooler, db, sqlClient } from '@/db/client';
import { type ApiKeyRole, apiKeys } from '@/db/schema/identity/api-keys';
import { apiKeySecretContext, decryptSecret } from '@/lib/platform/crypto/secrets';

export interface KeyMaterial {
  id: string;
  orgId: string;
  role: ApiKeyRole;
  rateLimitPerMinute: number;
  publicKey: KeyObject;
  sharedSecret: string;
}

export const REVOCATION_CHANNEL = 'api_key_revoked';

interface CacheState {
  sql: Sql;
  entries: Map<string, KeyMaterial>;
  /** Entries are only kept while the LISTEN connection is up; otherwise a revocation could be missed. */
  listening: boolean;
}

let state: CacheState | undefined;

function cacheFor(sql: Sql): CacheState {
  if (state?.sql === sql) return state;
  const fresh: CacheState = { sql, entries: new Map(), listening: false };
  state = fresh;
  // A transaction pooler would run LISTEN on whichever server connection is free and hand it to other clients
  // afterwards: revocations would be lost, so behind one nothing is cached and every request reads its key.
  if (behindTransactionPooler()) return fresh;
  sql
    .listen(
      REVOCATION_CHANNEL,
      (keyHash) => fresh.entries.delete(keyHash),
      // Called on every (re)connect: notifications may have been missed while disconnected, so start empty.
      () => {
        fresh.entries.clear();
        fresh.listening = true;
      },
    )
    .catch(() => {
      fresh.listening = false;
      fresh.entries.clear();
    });
  return fresh;
}

/** Key material for an API key hash, from the cache or the database; null for an unknown or revoked key. */
export async function loadKeyMaterial(keyHash: string): Promise<KeyMaterial | null> {
  const sql = sqlClient();
  const cache = cacheFor(sql);
  const cached = cache.entries.get(keyHash);
  if (cached) return cached;

  const [row] = await db()
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      role: apiKeys.role,
      rateLimitPerMinute: apiKeys.rateLimitPerMinute,
      publicKeyPem: apiKeys.publicKeyPem,
      sharedSecretCiphertext: apiKeys.sharedSecretCiphertext,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const material: KeyMaterial = {
    id: row.id,
    orgId: row.orgId,
    role: row.role,
    rateLimitPerMinute: row.rateLimitPerMinute,
    publicKey: createPublicKey(row.publicKeyPem),
    sharedSecret: decryptSecret(row.sharedSecretCiphertext, apiKeySecretContext(row.id)),
  };
  if (cache.listening) cache.entries.set(keyHash, material);
  return material;
}

/** Drops a cached key at once on this instance (the revoking instance also gets the NOTIFY). */
export function forgetKeyMaterial(keyHash: string): void {
  state?.entries.delete(keyHash);
}

/** Whether this instance holds a key's material (for tests of the revocation NOTIFY). */
export function isKeyMaterialCached(keyHash: string): boolean {
  return state?.entries.has(keyHash) ?? false;
}
