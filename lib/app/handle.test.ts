// Unit test of the binding: a refused token (identity's TokenRejected) is what the pipeline reads as refused
// credentials — its reason, sandbox code and compared URI reach the 401 — and any other error is not.
import { describe, expect, it } from 'vitest';
import { TokenRejected } from '@/lib/identity/server';
import { appHooks } from './handle';

describe('appHooks', () => {
  it('read a TokenRejected as refused credentials, and nothing else', () => {
    const rejected = new TokenRejected('uri claim mismatch', 'uri_mismatch', '/a');
    expect(appHooks.credentialRefusalOf(rejected)).toMatchObject({
      reason: 'uri claim mismatch',
      code: 'uri_mismatch',
      comparedUri: '/a',
    });
    expect(appHooks.credentialRefusalOf(new Error('database down'))).toBeUndefined();
  });
});
