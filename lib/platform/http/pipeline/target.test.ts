// Unit tests of what the route and target refuse before authentication: sandbox-only operations in production, and
// a target with a fragment.
import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from '../error-status';
import { RAW_TARGET_HEADER } from '../incoming.mjs';
import { checkTarget } from './target';
import { testOperation } from './test-exchange';

const operation = testOperation;
const limit = { maxBodyBytes: 1024 };

function refusal(run: () => void): { status: number; code: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (isApiError(error)) return { status: httpStatusOf(error.kind), code: error.code };
    throw error;
  }
}

describe('checkTarget', () => {
  it('serves a sandbox-only operation only in the sandbox: 404 in production, as if it did not exist', () => {
    const sandboxOnly = operation({ sandboxOnly: true });
    const request = new Request('http://x/api/v2/test');
    expect(refusal(() => checkTarget(sandboxOnly, request, { APP_ENV: 'sandbox' }, limit))).toBeNull();
    expect(refusal(() => checkTarget(sandboxOnly, request, { APP_ENV: 'production' }, limit))).toMatchObject({
      status: 404,
    });
    expect(refusal(() => checkTarget(operation(), request, { APP_ENV: 'production' }, limit))).toBeNull();
  });

  it('refuses a raw target carrying a fragment with 400, whoever sends it', () => {
    const request = new Request('http://x/api/v2/test', {
      headers: { [RAW_TARGET_HEADER]: '/api/v2/test#x' },
    });
    expect(refusal(() => checkTarget(operation(), request, { APP_ENV: 'sandbox' }, limit))).toEqual({
      status: 400,
      code: expect.any(String),
    });
    const clean = new Request('http://x/api/v2/test', {
      headers: { [RAW_TARGET_HEADER]: '/api/v2/test?a=1' },
    });
    expect(refusal(() => checkTarget(operation(), clean, { APP_ENV: 'sandbox' }, limit))).toBeNull();
  });
});
