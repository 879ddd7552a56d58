// Owns authenticating a browser request by its next-auth session: the JWT names a server-side session row,
// read with the membership, impersonation and rate-limit count in one statement, so sign-out, role changes
// and the end of a "view as" take effect at once.

import {
  type AnyColumn,
  and,
  desc,
  eq,
  exists,
  gt,
  isNotNull,
  isNull,
  notExists,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { decode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { organizationSecurityPolicies, userTwoFactor } from '@/db/schema/identity/account-security';
import { organizations } from '@/db/schema/identity/organizations';
import { userSessions } from '@/db/schema/identity/sessions';
import { memberships, type OrgRole, type StaffRole, users } from '@/db/schema/identity/users';
import { impersonationSessions } from '@/db/schema/support';
import type { Principal } from '@/lib/platform/actor/actor';
import { now } from '@/lib/platform/clock';
import { preparedStatement } from '@/lib/platform/db/prepared';
import { env } from '@/lib/platform/env';
import { isUuid } from '@/lib/platform/ids';
import { incrementCounterPerRow } from '@/lib/platform/rate-limit/counters';
import { currentWindow } from '@/lib/platform/rate-limit/window';
import type { Authenticated } from './api-key-auth';
import { TokenRejected } from './api-token';
import { entitlementsOf } from './entitlements-expression';
import { sessionCookieName } from './session-cookie';

/** Browser users get a more generous budget than API keys: the portal polls while orders progress. */
export const USER_RATE_LIMIT_PER_MINUTE = 300;

/** The server-side session id carried by the request's session cookie, or null when there is none or it is not ours. */
export async function sessionIdFromRequest(request: Request): Promise<string | null> {
  const cookie = readCookie(request.headers.get('cookie'), sessionCookieName(env().APP_BASE_URL));
  if (!cookie) return null;
  try {
    const token = await decode({ token: cookie, secret: env().AUTH_SECRET });
    return typeof token?.sid === 'string' && isUuid(token.sid) ? token.sid : null;
  } catch {
    return null;
  }
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        // A malformed value (`%E0%A4%A`) is no session, not an error.
        return undefined;
      }
    }
  }
  return undefined;
}

/** The session `sessionId` is open at `at` and its user is not disabled (for a select joining `users`). */
function sessionIsLive(sessionId: string | Placeholder, at: Date | SQL) {
  return and(
    eq(userSessions.id, sessionId),
    isNull(userSessions.revokedAt),
    gt(userSessions.expiresAt, at),
    isNull(users.disabledAt),
  );
}

/**
 * The session's check, one round trip: the session and its user, an open "view as", whom it acts for, the rate-limit
 * count and the touch of last_seen_at. Placeholders: `sessionId`, `at` and `windowStart` (ISO instants).
 */
const sessionCheck = preparedStatement((d) => {
  const sessionId = sql.placeholder('sessionId');
  // Security deadlines are read on the application's clock (lib/platform/clock), never the database's now().
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const session = d.$with('s').as(
    d
      .select({
        id: userSessions.id,
        userId: userSessions.userId,
        activeOrgId: userSessions.activeOrgId,
        staffRole: users.staffRole,
        staffRoles: users.staffRoles,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(sessionIsLive(sessionId, at)),
  );
  const i = impersonationSessions;
  const view = d.$with('imp').as(
    d
      .select({
        id: i.id,
        orgId: i.orgId,
        staffUserId: i.staffUserId,
        reason: i.reason,
        expiresAt: i.expiresAt,
      })
      .from(i)
      .innerJoin(session, and(eq(i.userSessionId, session.id), eq(i.staffUserId, session.userId)))
      .where(and(isNull(i.endedAt), gt(i.expiresAt, at), isNotNull(session.staffRole)))
      .orderBy(desc(i.startedAt))
      .limit(1),
  );
  // Whom the session acts for: the organization viewed as, else (client users only) the active organization. Drizzle
  // writes an aliased expression's name unqualified wherever it is used, so the name is one no table has.
  const scope = d.$with('scope').as(
    d
      .select({
        userId: session.userId,
        orgId: sql<string | null>`coalesce((select ${view.orgId} from ${view}),
          case when ${session.staffRole} is null then ${session.activeOrgId} end)`.as('acting_org_id'),
      })
      .from(session),
  );
  const counter = d
    .$with('counter')
    .as(incrementCounterPerRow(d, sql`'user:' || ${scope.userId}`, sql.placeholder('windowStart'), scope));
  const touched = d.$with('touched').as(
    d
      .update(userSessions)
      .set({ lastSeenAt: at })
      .where(
        and(eq(userSessions.id, sessionId), sql`${userSessions.lastSeenAt} < ${at} - interval '1 minute'`),
      )
      .returning({ id: userSessions.id }),
  );
  const fromView = <T>(column: AnyColumn | SQL.Aliased) => sql<T>`(select ${column} from ${view})`;
  const policy = organizationSecurityPolicies;
  return d
    .with(session, view, scope, counter, touched)
    .select({
      userId: scope.userId,
      orgId: scope.orgId,
      staffRole: sql<StaffRole | null>`(select ${session.staffRole} from ${session})`,
      staffRoles: sql<StaffRole[] | null>`(select ${session.staffRoles} from ${session})`,
      role: sql<OrgRole | null>`case when exists (select 1 from ${view}) then 'admin' else ${memberships.role} end`,
      orgActive: sql<boolean | null>`${organizations.status} = 'active'`,
      entitlements: entitlementsOf(scope.orgId),
      impersonationId: fromView<string | null>(view.id),
      staffUserId: fromView<string | null>(view.staffUserId),
      impersonationReason: fromView<string | null>(view.reason),
      impersonationExpiresAt: fromView<Date | null>(view.expiresAt).mapWith(i.expiresAt),
      count: sql<number>`(select ${counter.count} from ${counter})`,
    })
    .from(scope)
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, scope.userId),
        eq(memberships.orgId, scope.orgId),
        // An organization that requires a second factor is not acted for by a member without one (they may still
        // reach their own security settings, which are `user` operations, to turn it on).
        or(
          notExists(
            d
              .select({ one: sql`1` })
              .from(policy)
              .where(and(eq(policy.orgId, scope.orgId), sql`${policy.requireTwoFactor}`)),
          ),
          exists(
            d
              .select({ one: sql`1` })
              .from(userTwoFactor)
              .where(and(eq(userTwoFactor.userId, scope.userId), isNotNull(userTwoFactor.enabledAt))),
          ),
        ),
      ),
    )
    .leftJoin(organizations, eq(organizations.id, scope.orgId))
    .prepare('authenticate_session');
});

export async function authenticateSession(sessionId: string): Promise<Authenticated> {
  const at = now();
  const window = currentWindow(at);
  const [row] = await sessionCheck().execute({
    sessionId,
    at: at.toISOString(),
    windowStart: window.start.toISOString(),
  });

  if (!row) throw new TokenRejected('session ended');
  // A suspended organization ends its users' access, as it ends its keys'.
  if (row.orgId && row.role && !row.orgActive) throw new TokenRejected('organization suspended');
  // Signed in but acting for no organization (staff outside a view, or a removed membership): the wrapper
  // refuses `org` operations (`forbidden`) and serves `user` and `staff` ones.
  const acting = row.orgId && row.role ? { orgId: row.orgId, role: row.role } : { orgId: null, role: null };

  const actor: Principal = {
    ...acting,
    via: 'session',
    userId: row.userId,
    personId: row.userId,
    sessionId,
    staffRole: row.staffRole,
    staffRoles: row.staffRoles ?? [],
    entitlements: acting.orgId ? row.entitlements : [],
    ...(row.impersonationId && row.staffUserId && row.impersonationExpiresAt
      ? {
          impersonation: {
            sessionId: row.impersonationId,
            staffUserId: row.staffUserId,
            reason: row.impersonationReason ?? '',
            expiresAt: row.impersonationExpiresAt,
          },
        }
      : {}),
  };
  return {
    actor,
    rateLimit: { limit: USER_RATE_LIMIT_PER_MINUTE, count: row.count, resetAt: window.resetAt },
  };
}

/** The staff role of the signed-in user behind a request's session cookie, or null (anonymous, client user, ended). */
export async function staffRoleOfRequest(request: Request): Promise<StaffRole | null> {
  const sessionId = await sessionIdFromRequest(request);
  if (!sessionId) return null;
  const [row] = await db()
    .select({ staffRole: users.staffRole })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(sessionIsLive(sessionId, now()));
  return row?.staffRole ?? null;
}
