// Owns authenticating a signed API request: key material, token verification, then one statement that checks
// revocation, counts the rate limit, records the token with its first method and touches last_used_at. The body is
// read only after all that, and checked against the token's bodyHash then (verifyRequestBody).

import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { apiKeys, usedTokens } from '@/db/schema/identity/api-keys';
import { organizations } from '@/db/schema/identity/organizations';
import type { Actor, Principal } from '@/lib/platform/actor/actor';
import { nowSeconds } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { preparedStatement } from '@/lib/platform/db/prepared';
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
import { entitlementsOf } from './entitlements-expression';

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

/**
 * The key's check, one round trip (see authenticateApiKey). Placeholders: `keyId`, `bucket`, `windowStart` and
 * `usedUntil` (ISO instants), `tokenDigest`, `method`.
 */
const keyCheck = preparedStatement((d) => {
  const keyId = sql.placeholder('keyId');
  const counter = d
    .$with('counter')
    .as(incrementCounter(d, sql.placeholder('bucket'), sql.placeholder('windowStart')));
  const used = d.$with('used').as(
    d
      .insert(usedTokens)
      .values({
        tokenDigest: sql.placeholder('tokenDigest'),
        apiKeyId: keyId,
        expiresAt: sql`${sql.placeholder('usedUntil')}::timestamptz`,
        method: sql.placeholder('method'),
      })
      .onConflictDoUpdate({
        target: usedTokens.tokenDigest,
        set: { method: sql`${usedTokens.method}` },
        setWhere: and(
          inArray(usedTokens.method, SAFE_METHODS),
          inArray(sql`excluded.${sql.identifier('method')}`, SAFE_METHODS),
        ),
      })
      .returning({ tokenDigest: usedTokens.tokenDigest }),
  );
  const touched = d.$with('touched').as(
    d
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, keyId),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - interval '30 seconds'`),
        ),
      )
      .returning({ id: apiKeys.id }),
  );
  return d
    .with(counter, used, touched)
    .select({
      active: sql<boolean>`${apiKeys.revokedAt} is null`,
      orgActive: sql<boolean>`${organizations.status} = 'active'`,
      entitlements: entitlementsOf(apiKeys.orgId),
      count: sql<number>`(select ${counter.count} from ${counter})`,
      freshToken: sql<boolean>`exists (select 1 from ${used})`,
      createdByUserId: apiKeys.createdByUserId,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.id, keyId))
    .prepare('authenticate_api_key');
});

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
  const method = credentials.method.toUpperCase();
  const [row] = await keyCheck().execute({
    keyId: material.id,
    bucket: `key:${material.id}`,
    windowStart: window.start.toISOString(),
    tokenDigest: verified.digest,
    usedUntil: usedUntil.toISOString(),
    method,
  });

  if (!row?.active) {
    forgetKeyMaterial(keyHash);
    throw new TokenRejected('key revoked', 'key_revoked');
  }
  if (!row.orgActive) throw new TokenRejected('organization suspended', 'organization_suspended');
  if (!row.freshToken) throw new TokenRejected(`token already used (now ${method})`, 'token_replayed');

  return {
    actor: {
      orgId: material.orgId,
      role: material.role,
      via: 'api_key',
      apiKeyId: material.id,
      personId: row.createdByUserId ?? material.id,
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
