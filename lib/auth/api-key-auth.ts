// Owns authenticating a signed API request: key material, token verification, then one statement that
// checks revocation, counts the rate limit, records a state-changing token and touches last_used_at.

import { sqlClient } from '@/db/client';
import type { Entitlement } from '@/db/schema/organizations';
import { nowSeconds } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto/hash';
import { incrementCounter } from '@/lib/rate-limit/counters';
import { currentWindow, type RateLimitState } from '@/lib/rate-limit/window';
import type { Actor, Principal } from './actor';
import { forgetKeyMaterial, loadKeyMaterial } from './api-key-material';
import { CLOCK_TOLERANCE_SECONDS, TokenRejected, verifyApiToken } from './api-token';

/**
 * A used-token record is kept until the token can no longer verify (exp + the clock tolerance) plus this
 * margin, so the purge can never delete it while a replay would still be accepted.
 */
export const USED_TOKEN_MARGIN_SECONDS = 60;

export interface ApiKeyCredentials {
  apiKey: string;
  token: string;
  uri: string;
  rawBody: Uint8Array;
  /** POST/PUT/PATCH/DELETE: the token is accepted once only. */
  stateChanging: boolean;
}

export interface Authenticated<A extends Principal = Principal> {
  actor: A;
  rateLimit: RateLimitState;
}

interface CheckRow {
  active: boolean;
  org_active: boolean;
  entitlements: Entitlement[];
  count: number;
  fresh_token: boolean;
  created_by_user_id: string | null;
}

/** Verifies the credentials; throws TokenRejected (always answered as the same 401) on any failure. */
export async function authenticateApiKey(credentials: ApiKeyCredentials): Promise<Authenticated<Actor>> {
  const keyHash = sha256Hex(credentials.apiKey);
  const material = await loadKeyMaterial(keyHash);
  if (!material) throw new TokenRejected('unknown or revoked key');

  const verified = await verifyApiToken({
    token: credentials.token,
    apiKey: credentials.apiKey,
    publicKey: material.publicKey,
    sharedSecret: material.sharedSecret,
    uri: credentials.uri,
    rawBody: credentials.rawBody,
    nowSeconds: nowSeconds(),
  });

  const window = currentWindow();
  const usedUntil = new Date(
    verified.expiresAt.getTime() + (CLOCK_TOLERANCE_SECONDS + USED_TOKEN_MARGIN_SECONDS) * 1000,
  );
  // One round trip: revocation is read here on every request, so it takes effect at once even on an
  // instance whose cache still holds the key. last_used_at is touched at most every 30 s to avoid
  // contention on the key row under load.
  const sql = sqlClient();
  const [row] = await sql<CheckRow[]>`
    with counter as (${incrementCounter(sql, { bucket: `key:${material.id}`, windowStart: window.start })}), used as (
      insert into used_tokens (token_digest, api_key_id, expires_at)
      select ${verified.digest}, ${material.id}, ${usedUntil.toISOString()}::timestamptz where ${credentials.stateChanging}::boolean
      on conflict (token_digest) do nothing
      returning 1
    ), touched as (
      update api_keys set last_used_at = now()
      where id = ${material.id} and revoked_at is null
        and (last_used_at is null or last_used_at < now() - interval '30 seconds')
      returning 1
    )
    select k.revoked_at is null as active,
           o.status = 'active' as org_active,
           coalesce((select array_agg(e.entitlement order by e.entitlement)
                     from organization_entitlements e where e.org_id = k.org_id), '{}') as entitlements,
           (select count from counter) as count,
           (not ${credentials.stateChanging}::boolean or exists (select 1 from used)) as fresh_token,
           k.created_by_user_id
    from api_keys k join organizations o on o.id = k.org_id
    where k.id = ${material.id}`;

  if (!row?.active) {
    forgetKeyMaterial(keyHash);
    throw new TokenRejected('key revoked');
  }
  if (!row.org_active) throw new TokenRejected('organization suspended');
  if (!row.fresh_token) throw new TokenRejected('token replayed');

  return {
    actor: {
      orgId: material.orgId,
      role: material.role,
      via: 'api_key',
      apiKeyId: material.id,
      personId: row.created_by_user_id ?? material.id,
      entitlements: row.entitlements,
    },
    rateLimit: { limit: material.rateLimitPerMinute, count: row.count, resetAt: window.resetAt },
  };
}
