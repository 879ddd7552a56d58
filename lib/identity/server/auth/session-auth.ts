// Owns authenticating a browser request by its next-auth session: the JWT names a server-side session row,
// read with the membership, impersonation and rate-limit count in one statement, so sign-out, role changes
// and the end of a "view as" take effect at once.

import { and, eq, gt, isNull } from 'drizzle-orm';
import { decode } from 'next-auth/jwt';
import { db, sqlClient } from '@/db/client';
import type { Entitlement } from '@/db/schema/identity/organizations';
import { userSessions } from '@/db/schema/identity/sessions';
import { type OrgRole, type StaffRole, users } from '@/db/schema/identity/users';
import type { Principal } from '@/lib/platform/actor/actor';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { isUuid } from '@/lib/platform/ids';
import { incrementCounter } from '@/lib/platform/rate-limit/counters';
import { currentWindow } from '@/lib/platform/rate-limit/window';
import type { Authenticated } from './api-key-auth';
import { TokenRejected } from './api-token';
import { sessionCookieName } from './session-cookie';

/** Browser users get a more generous budget than API keys: the portal polls while orders progress. */
export const USER_RATE_LIMIT_PER_MINUTE = 300;

interface SessionRow {
  user_id: string;
  staff_role: StaffRole | null;
  staff_roles: StaffRole[] | null;
  org_id: string | null;
  role: OrgRole | null;
  org_active: boolean | null;
  entitlements: Entitlement[];
  impersonation_id: string | null;
  staff_user_id: string | null;
  impersonation_reason: string | null;
  impersonation_expires_at: Date | null;
  count: number;
}

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

export async function authenticateSession(sessionId: string): Promise<Authenticated> {
  // Security deadlines are read on the application's clock (lib/platform/clock), never the database's now().
  const at = now();
  const instant = at.toISOString();
  const window = currentWindow(at);
  const sql = sqlClient();
  const [row] = await sql<SessionRow[]>`
    with s as (
      select s.id, s.user_id, s.active_org_id, u.staff_role, u.staff_roles
      from user_sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > ${instant}::timestamptz and u.disabled_at is null
    ), imp as (
      select i.id, i.org_id, i.staff_user_id, i.reason, i.expires_at
      from impersonation_sessions i join s on i.user_session_id = s.id and i.staff_user_id = s.user_id
      where i.ended_at is null and i.expires_at > ${instant}::timestamptz and s.staff_role is not null
      order by i.started_at desc limit 1
    ), scope as (
      select s.user_id,
             coalesce((select org_id from imp), case when s.staff_role is null then s.active_org_id end) as org_id
      from s
    ), counter as (${incrementCounter(sql, { bucket: sql`'user:' || scope.user_id`, windowStart: window.start, from: sql`from scope` })}
    ), touched as (
      update user_sessions set last_seen_at = ${instant}::timestamptz
      where id = ${sessionId} and last_seen_at < ${instant}::timestamptz - interval '1 minute'
      returning 1
    )
    select scope.user_id, scope.org_id, (select staff_role from s) as staff_role, (select staff_roles from s) as staff_roles,
           case when exists (select 1 from imp) then 'admin' else m.role end as role,
           o.status = 'active' as org_active,
           coalesce((select array_agg(e.entitlement order by e.entitlement)
                     from organization_entitlements e where e.org_id = scope.org_id), '{}') as entitlements,
           (select id from imp) as impersonation_id,
           (select staff_user_id from imp) as staff_user_id,
           (select reason from imp) as impersonation_reason,
           (select expires_at from imp) as impersonation_expires_at,
           (select count from counter) as count
    from scope
    left join memberships m on m.user_id = scope.user_id and m.org_id = scope.org_id
      -- An organization that requires a second factor is not acted for by a member without one (they may still
      -- reach their own security settings, which are \`user\` operations, to turn it on).
      and (not exists (select 1 from organization_security_policies p
                       where p.org_id = scope.org_id and p.require_two_factor)
           or exists (select 1 from user_two_factor t
                      where t.user_id = scope.user_id and t.enabled_at is not null))
    left join organizations o on o.id = scope.org_id`;

  if (!row) throw new TokenRejected('session ended');
  // A suspended organization ends its users' access, as it ends its keys'.
  if (row.org_id && row.role && !row.org_active) throw new TokenRejected('organization suspended');
  // Signed in but acting for no organization (staff outside a view, or a removed membership): the wrapper
  // refuses `org` operations (`forbidden`) and serves `user` and `staff` ones.
  const acting = row.org_id && row.role ? { orgId: row.org_id, role: row.role } : { orgId: null, role: null };

  const actor: Principal = {
    ...acting,
    via: 'session',
    userId: row.user_id,
    personId: row.user_id,
    sessionId,
    staffRole: row.staff_role,
    staffRoles: row.staff_roles ?? [],
    entitlements: acting.orgId ? row.entitlements : [],
    ...(row.impersonation_id && row.staff_user_id && row.impersonation_expires_at
      ? {
          impersonation: {
            sessionId: row.impersonation_id,
            staffUserId: row.staff_user_id,
            reason: row.impersonation_reason ?? '',
            expiresAt: row.impersonation_expires_at,
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
    .where(
      and(
        eq(userSessions.id, sessionId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now()),
        isNull(users.disabledAt),
      ),
    );
  return row?.staffRole ?? null;
}
