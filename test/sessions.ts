// Owns signing a user in for integration tests: a real session row and next-auth cookie, and a same-origin fetch.
import { encode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession, verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { routeFetch, TEST_BASE_URL } from './api';
import { TEST_AUTH_SECRET } from './db';

let counter = 0;
const PASSWORD = 'correct horse battery staple';

export interface SessionFetch {
  (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
  userId: string;
}

/** A user of the organization with `role`, signed in; calls go through the real routes with the cookie. */
export async function createUserSessionFetch(
  orgId: string,
  role: 'member' | 'approver' | 'admin',
): Promise<SessionFetch> {
  counter += 1;
  const email = `payouts-user-${counter}-${Date.now()}@example.com`;
  const user = await createUser(db(), { email, name: `User ${counter}`, password: PASSWORD });
  await addMembership(db(), { orgId, userId: user.id, role });
  const verified = await verifyCredentials(db(), email, PASSWORD);
  const sessionId = await createUserSession(db(), verified!);
  const token = await encode({ token: { sid: sessionId, uid: user.id, email }, secret: TEST_AUTH_SECRET });
  const cookie = `${SESSION_COOKIE_NAME}=${token}`;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await routeFetch(`${TEST_BASE_URL}${path}`, {
      method,
      headers: {
        cookie,
        origin: TEST_BASE_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  return Object.assign(call, { userId: user.id });
}
