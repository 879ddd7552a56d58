// Unit tests of authorization: audience first (404 to whom may not know the operation exists), then the organization's
// rules — read-only view, entitlement, role, session role.
import { describe, expect, it } from 'vitest';
import type { Principal } from '@/lib/platform/actor/actor';
import { isApiError } from '@/lib/platform/errors/api-error';
import type { Operation } from '@/lib/platform/operations/operation';
import { httpStatusOf } from '../error-status';
import { authorize } from './authorize';
import { testOperation } from './test-exchange';

const operation = (extra: Partial<Operation> = {}): Operation =>
  testOperation({
    id: 'testOp',
    ...extra,
  });
const key: Principal = {
  via: 'api_key',
  orgId: 'o',
  role: 'member',
  apiKeyId: 'k',
  entitlements: ['payouts'],
};
const session: Principal = {
  via: 'session',
  orgId: 'o',
  role: 'admin',
  userId: 'u',
  sessionId: 's',
  entitlements: ['payouts'],
};
const view: Principal = {
  ...session,
  impersonation: { sessionId: 'view-1', staffUserId: 'staff-1' },
} as Principal;

function verdict(op: Operation, principal: Principal, method = op.method): number {
  try {
    authorize(op, principal, method, { maxBodyBytes: 1024 });
    return 200;
  } catch (error) {
    if (isApiError(error)) return httpStatusOf(error.kind);
    throw error;
  }
}

describe('authorize', () => {
  it('keys never reach session-only, user or staff operations: 404', () => {
    expect(verdict(operation({ session: true }), key)).toBe(404);
    expect(verdict(operation({ audience: 'user' }), key)).toBe(404);
    expect(verdict(operation({ audience: 'staff' }), key)).toBe(404);
    expect(verdict(operation({ audience: 'user' }), session)).toBe(200);
  });

  it('a support view reads as the admin, changes nothing and uses no user-level operation', () => {
    expect(verdict(operation(), view)).toBe(200);
    expect(verdict(operation({ method: 'POST' }), view)).toBe(403);
    expect(verdict(operation({ audience: 'user' }), view)).toBe(403);
  });

  it('entitlement and role: 403', () => {
    expect(verdict(operation({ entitlement: 'liquidity_management' }), key)).toBe(403);
    expect(verdict(operation({ entitlement: 'any' }), key)).toBe(200);
    expect(verdict(operation({ entitlement: 'any' }), { ...key, entitlements: [] })).toBe(403);
    expect(verdict(operation({ role: 'admin' }), key)).toBe(403);
    expect(verdict(operation({ role: 'admin' }), session)).toBe(200);
  });

  it('a session role above the role binds sessions only', () => {
    const op = operation({ role: 'member', sessionRole: 'admin' });
    expect(verdict(op, key)).toBe(200);
    expect(verdict(op, { ...session, role: 'member' })).toBe(403);
    expect(verdict(op, session)).toBe(200);
  });

  it('an organization operation without an organization: 403', () => {
    expect(verdict(operation(), { ...session, orgId: null, role: null })).toBe(403);
  });
});
