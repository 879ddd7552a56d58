// Owns the helpers the settings tests share: calling a route as a signed-in person, reading a user's email.
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { users } from '@/db/schema/users';
import { routeFetch, TEST_BASE_URL } from '../api';
import { browserInit } from '../browser-session';

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
