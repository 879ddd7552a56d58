// Unit tests of the body-hash check: the bytes read go to the identity's check, and its refusal is the 401.
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from '../error-status';
import type { Authentication, PipelineHooks } from './hooks';
import { testExchange, testOperation } from './test-exchange';
import { verifyBodyHash } from './verify-body-hash';

vi.mock('../rate-limit', async (original) => ({
  ...(await original<typeof import('../rate-limit')>()),
  countAuthFailure: async () => ({ limit: 10, count: 1, resetAt: 2_000_000_000 }),
}));

const operation = testOperation({
  id: 'testWrite',
  method: 'POST',
});
const authentication: Authentication = {
  actor: { via: 'api_key', orgId: 'o', role: 'member', entitlements: [] },
  rateLimit: { limit: 1, count: 1, resetAt: 1 },
};
const mismatch = { reason: 'body hash mismatch', code: 'body_hash_mismatch' };

function hooksChecking(check: (rawBody: Uint8Array) => void): PipelineHooks {
  return {
    authenticateKey: async () => authentication,
    sessionIdOf: async () => null,
    authenticateSession: async () => authentication,
    verifyRequestBody: (_authentication, rawBody) => check(rawBody),
    credentialRefusalOf: (error) => (error === mismatch ? mismatch : undefined),
    clientAddress: () => '192.0.2.1',
    recordStaffRead: async () => {},
    recordViewRead: async () => {},
  };
}

describe('verifyBodyHash', () => {
  it('hands the bytes read to the check and passes when it does', async () => {
    const seen: Uint8Array[] = [];
    const exchange = testExchange(operation);
    const body = new TextEncoder().encode('{"a":1}');
    await verifyBodyHash(
      hooksChecking((raw) => seen.push(raw)),
      exchange,
      authentication,
      body,
      {
        APP_ENV: 'sandbox',
      },
    );
    expect(seen).toEqual([body]);
  });

  it('a mismatch is refused as credentials (401 naming the check in the sandbox)', async () => {
    const exchange = testExchange(operation);
    const hooks = hooksChecking(() => {
      throw mismatch;
    });
    const error = await verifyBodyHash(hooks, exchange, authentication, new Uint8Array(), {
      APP_ENV: 'sandbox',
    }).catch((thrown: unknown) => thrown);
    expect(isApiError(error) && httpStatusOf(error.kind)).toBe(401);
    expect(JSON.stringify(error)).toContain('body_hash_mismatch');
  });
});
