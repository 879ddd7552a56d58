// Owns authenticating a signed API request: key material, token verification, then one statement that checks
// revocation, counts the rate limit, records the token with its first method and touches last_used_at. The body is
// read only after all that, and checked against the token's bodyHash then (verifyRequestBody).

import { eq } from 'drizzle-orm';
import { db, sqlClient } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import type { Entitlement } from '@/db/schema/identity/organizations';
import type { Actor, Principal } from '@/lib/platform/actor/actor';
import { nowSeconds } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { env } from '@/lib/platform/env';
import { incrementCounter } from '@/lib/platform/rate-limit/counters';
import { currentWindow, type RateLimitState } from '@/lib/platform/rate-limit/window';
import { forgetKeyMaterial, loadKeyMaterial } from './api-key-material';
import {
  CLOCK_TOLERANCE_SECONDS,
  TokenRejected,
  type VerifiedToken,
  verifyApiToken,
  verifyBodyHash,
} from './api-token';

/**
 * A used-token record is kept until the token can no longer verify (exp + the clock tolerance) plus this
 * margin, so the purge can never delete it while a replay would still be accepted.
 */
export const USED_TOKEN_MARGIN_SECONDS = 60;

/** Methods that change nothing: a token first used for one of them may be used again for one of them. */
const SAFE_METHODS = ['GET', 'HEAD'];

export interface ApiKeyCredentials {
  apiKey: string;
  token: string;
  /** The request target as received (lib/platform/http/raw-target.ts). */
  uri: string;
  /** False when the server's raw target is not the routed request: the token is refused (`uri_mismatch`). */
  uriTrusted?: boolean;
  /**
   * The request's method, recorded with the token on its first use: a token is accepted again only when both uses
   * are reads (GET/HEAD), so a state-changing request is accepted once per token and a token seen on a read never
   * changes anything (docs/decisions/README.md).
   */
  method: string;
}

export interface Authenticated<A extends Principal = Principal> {
  actor: A;
  rateLimit: RateLimitState;
  /** What the body must match once it has been read; absent for a browser session (no signature covers it). */
  bodyCheck?: { token: VerifiedToken; sharedSecret: string };
}

interface CheckRow {
  active: boolean;
  org_active: boolean;
  entitlements: Entitlement[];
  count: number;
  fresh_token: boolean;
  created_by_user_id: string | null;
}

/** Only the sandbox says which (one more query, on the failure path): production logs both alike. */
async function unusableKey(keyHash: string): Promise<TokenRejected> {
  if (env().APP_ENV !== 'sandbox') return new TokenRejected('unknown or revoked key');
  const [row] = await db()
    .select({ revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  return row
    ? new TokenRejected('key revoked', 'key_revoked')
    : new TokenRejected('unknown key', 'key_unknown');
}

/**
 * Verifies the credentials up to, not including, the body; throws TokenRejected (`unauthorized`) on any failure. The
 * caller reads the body afterwards and passes it to verifyRequestBody.
 */
export async function authenticateApiKey(credentials: ApiKeyCredentials): Promise<Authenticated<Actor>> {
  const keyHash = sha256Hex(credentials.apiKey);
  const material = await loadKeyMaterial(keyHash);
  if (!material) throw await unusableKey(keyHash);

  const verified = await verifyApiToken({
    token: credentials.token,
    apiKey: credentials.apiKey,
    publicKey: material.publicKey,
    uri: credentials.uri,
    uriTrusted: credentials.uriTrusted,
    method: credentials.method,
    nowSeconds: nowSeconds(),
  });

  const window = currentWindow();
  const usedUntil = new Date(
    verified.expiresAt.getTime() + (CLOCK_TOLERANCE_SECONDS + USED_TOKEN_MARGIN_SECONDS) * 1000,
  );
  // One round trip: revocation is read here on every request, so it takes effect at once even on an
  // instance whose cache still holds the key. last_used_at is touched at most every 30 s to avoid
  // contention on the key row under load. Every token is recorded with its first method; a second use is
  // accepted only when both are reads, decided under the row's lock (ON CONFLICT … DO UPDATE … WHERE), so two
  // concurrent uses of one token cannot both pass as first.
  const sql = sqlClient();
  const method = credentials.method.toUpperCase();
  const [row] = await sql<CheckRow[]>`
    with counter as (${incrementCounter(sql, { bucket: `key:${material.id}`, windowStart: window.start })}), used as (
      insert into used_tokens (token_digest, api_key_id, expires_at, method)
      values (${verified.digest}, ${material.id}, ${usedUntil.toISOString()}::timestamptz, ${method})
      on conflict (token_digest) do update set method = used_tokens.method
        where used_tokens.method in ${sql(SAFE_METHODS)} and excluded.method in ${sql(SAFE_METHODS)}
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
           exists (select 1 from used) as fresh_token,
           k.created_by_user_id
    from api_keys k join organizations o on o.id = k.org_id
    where k.id = ${material.id}`;

  if (!row?.active) {
    forgetKeyMaterial(keyHash);
    throw new TokenRejected('key revoked', 'key_revoked');
  }
  if (!row.org_active) throw new TokenRejected('organization suspended', 'organization_suspended');
  if (!row.fresh_token) throw new TokenRejected(`token already used (now ${method})`, 'token_replayed');

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
    bodyCheck: { token: verified, sharedSecret: material.sharedSecret },
  };
}

/** The body, read after authentication, against the token's bodyHash (a session has nothing to check). */
export function verifyRequestBody(authenticated: Authenticated, rawBody: Uint8Array): void {
  if (!authenticated.bodyCheck) return;
  verifyBodyHash(authenticated.bodyCheck.token, authenticated.bodyCheck.sharedSecret, rawBody);
}
