// Owns the helpers the settings tests share: calling a route as a signed-in person, reading a user's email.
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession } from '@/lib/identity/server/auth/user-sessions';
import { routeFetch, TEST_BASE_URL } from '../api';
import { browserInit } from '../browser-session';
import { TEST_AUTH_SECRET } from '../db';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One request through the real route files with a session cookie (or none), answered as status + parsed body. */
export async function asUser<T = Record<string, unknown>>(
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const init =
    cookie === null
      ? {
          method,
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
          body: body === undefined ? undefined : JSON.stringify(body),
        }
      : browserInit(cookie, method, body === undefined ? undefined : JSON.stringify(body));
  const response = await routeFetch(`${TEST_BASE_URL}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function emailOf(userId: string): Promise<string> {
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return user.email;
}

/** A session cookie for an existing user, as signing in would give them. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const sessionId = await createUserSession(db(), {
    id: user.id,
    email: user.email,
    name: user.name,
    staffRole: user.staffRole,
  });
  const token = await encode({
    token: { sid: sessionId, uid: user.id, email: user.email },
    secret: TEST_AUTH_SECRET,
  });
  return `${SESSION_COOKIE_NAME}=${token}`;
}
