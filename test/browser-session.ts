// Owns signing people in for tests (client users and provider staff) and calling handlers with their cookie.
import { encode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { impersonationSessions } from '@/db/schema/support';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession, verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import type { OrgRole, StaffRole } from '@/lib/platform/actor/roles';
import { routeFetch, TEST_BASE_URL } from './api';
import { TEST_AUTH_SECRET } from './db';

export interface SignedIn {
  userId: string;
  sessionId: string;
  cookie: string;
}

let counter = 0;

/** A person signed in through the real services: a client user with memberships, or a staff member. */
export async function signIn(
  options: {
    memberships?: { orgId: string; role?: OrgRole }[];
    staffRole?: StaffRole;
    /** Staff roles held beside the primary one. */
    moreStaffRoles?: StaffRole[];
  } = {},
): Promise<SignedIn> {
  counter += 1;
  const email = `browser${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const user = await createUser(db(), {
    email,
    name: `Browser ${counter}`,
    password,
    staffRole: options.staffRole,
    moreStaffRoles: options.moreStaffRoles,
  });
  for (const membership of options.memberships ?? []) {
    await addMembership(db(), {
      orgId: membership.orgId,
      userId: user.id,
      role: membership.role ?? 'member',
    });
  }
  const sessionId = await createUserSession(db(), (await verifyCredentials(db(), email, password))!);
  const token = await encode({ token: { sid: sessionId, uid: user.id, email }, secret: TEST_AUTH_SECRET });
  return { userId: user.id, sessionId, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

/** Starts a support "view as organization" on a staff member's session (what the console's start-view will do). */
export async function startView(staff: SignedIn, orgId: string, reason = 'TICKET-1'): Promise<string> {
  const [view] = await db()
    .insert(impersonationSessions)
    .values({
      staffUserId: staff.userId,
      userSessionId: staff.sessionId,
      orgId,
      reason,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: impersonationSessions.id });
  return view!.id;
}

/** A same-origin browser request's init, carrying the session cookie. */
export function browserInit(
  cookie: string,
  method: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: {
      cookie,
      ...(method === 'GET' ? {} : { origin: TEST_BASE_URL }),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body,
  };
}

export function browserRequest(
  cookie: string,
  method: string,
  path: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${TEST_BASE_URL}${path}`, browserInit(cookie, method, body, headers));
}

/** A same-origin browser call through the app's routes with the person's session cookie; `body` is sent as JSON. */
export function sessionFetch(
  caller: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return routeFetch(
    `${TEST_BASE_URL}${path}`,
    browserInit(caller.cookie, method, body === undefined ? undefined : JSON.stringify(body)),
  );
}

/** `sessionFetch` with the JSON answer read: what a console page would get. */
export async function sessionCall<T = Record<string, unknown>>(
  caller: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await sessionFetch(caller, method, path, body);
  return { status: response.status, body: (await response.json()) as T };
}
