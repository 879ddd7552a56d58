// Unit tests of the binding: `handle` runs over today's identity and support implementations, and a refused token
// (TokenRejected) is what the pipeline reads as refused credentials.
import { describe, expect, it } from 'vitest';
import { authenticateApiKey, verifyRequestBody } from '@/lib/auth/api-key-auth';
import { TokenRejected } from '@/lib/auth/api-token';
import { clientAddress } from '@/lib/auth/client-address';
import { authenticateSession, sessionIdFromRequest } from '@/lib/auth/session-auth';
import { recordStaffRead } from '@/lib/support/staff-reads';
import { recordViewRead } from '@/lib/support/views';
import { defaultHooks } from './default-hooks';
import { handle } from './handle';

describe('defaultHooks', () => {
  it("are today's implementations", () => {
    expect(defaultHooks).toMatchObject({
      authenticateKey: authenticateApiKey,
      sessionIdOf: sessionIdFromRequest,
      authenticateSession,
      verifyRequestBody,
      clientAddress,
      recordStaffRead,
      recordViewRead,
    });
  });

  it('read a TokenRejected as refused credentials, and nothing else', () => {
    const rejected = new TokenRejected('uri claim mismatch', 'uri_mismatch', '/a');
    expect(defaultHooks.credentialRefusalOf(rejected)).toMatchObject({
      reason: 'uri claim mismatch',
      code: 'uri_mismatch',
      comparedUri: '/a',
    });
    expect(defaultHooks.credentialRefusalOf(new Error('database down'))).toBeUndefined();
  });

  it('handle.ts re-exports the bound `handle`', () => {
    expect(typeof handle).toBe('function');
  });
});
