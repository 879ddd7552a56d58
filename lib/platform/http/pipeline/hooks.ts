// Owns what the request pipeline needs from outside platform, in platform's terms: who the credentials are (identity)
// and the support view's audit trail (support). lib/platform never imports an area; the composition root hands these
// in (lib/platform/http/default-hooks.ts binds today's implementations).
import type { Executor } from '@/db/client';
import type { Principal } from '@/lib/platform/actor/actor';
import type { ViewRead } from '@/lib/platform/actor/read-only-view';
import type { RateLimitState } from '@/lib/platform/rate-limit/window';

/** The outcome of the one authentication statement: who, and where the request stands in its rate limit. */
export interface Authentication {
  actor: Principal;
  rateLimit: RateLimitState;
}

/** A signed request's credentials, as received: nothing is read from the body. */
export interface KeyCredentials {
  apiKey: string;
  token: string;
  /** The request target the token must name (lib/platform/http/raw-target.ts). */
  uri: string;
  /** False when the server's raw target is not the request Next routed: no token is accepted. */
  uriTrusted: boolean;
  method: string;
}

/**
 * Why credentials were refused: `reason` is the operator's wording for the log; `code`, when set, is what the sandbox
 * may tell the client, and `comparedUri` the uri the server compared the token's claim with.
 */
export interface CredentialRefusal {
  reason: string;
  code?: string;
  comparedUri?: string;
}

/** A read made inside a support view, recorded in the transaction that reads. */
export interface StaffRead {
  orgId: string;
  staffUserId: string;
  viewId: string;
  operation: string;
  method: string;
  resource: string;
  requestId: string;
}

/**
 * `A` is the identity's own authentication result: platform reads its actor and rate limit and hands it back, unread
 * otherwise, to `verifyRequestBody` (what the body must match is identity's business).
 */
export interface PipelineHooks<A extends Authentication = Authentication> {
  /**
   * A signed request: the token (signature and claims, except `bodyHash`), then the one statement — key, rate limit,
   * replay record. Throws a credential refusal (see `credentialRefusalOf`) when they do not hold.
   */
  authenticateKey(credentials: KeyCredentials): Promise<A>;
  /** The browser session the request names (its cookie), unchecked; null when it names none. */
  sessionIdOf(request: Request): Promise<string | null>;
  /** The session's own statement: the session, its person and organization, its rate limit. */
  authenticateSession(sessionId: string): Promise<A>;
  /** After the body was read: a signed request's `bodyHash` against these bytes (a session has nothing to check). */
  verifyRequestBody(authentication: A, rawBody: Uint8Array): void;
  /** What the hooks above threw, read as a refused credential; undefined when it is any other error. */
  credentialRefusalOf(error: unknown): CredentialRefusal | undefined;
  /** The client address failed authentication is counted against. */
  clientAddress(headers: Headers): string;
  /** Records a read inside a support view; must run in the transaction that reads (no record, no data). */
  recordStaffRead(executor: Executor, read: StaffRead): Promise<void>;
  /** Records a request answered under a support view. */
  recordViewRead(executor: Executor, read: ViewRead): Promise<void>;
}
