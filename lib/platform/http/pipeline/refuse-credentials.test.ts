// Unit tests of what refused credentials answer: the same 401 in production, the failed check named in the sandbox,
// 429 with the throttle's headers once the client's address is over its limit — the address counted, never the body.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { httpStatusOf } from '../error-status';
import { errorResponse } from '../render-error';
import { refuseCredentials } from './refuse-credentials';

const failures = vi.hoisted(() => ({ count: 1, counted: [] as string[] }));
vi.mock('../rate-limit', async (original) => ({
  ...(await original<typeof import('../rate-limit')>()),
  countAuthFailure: async (address: string) => {
    failures.counted.push(address);
    return { limit: 10, count: failures.count, resetAt: 2_000_000_000 };
  },
}));

const hooks = { clientAddress: (headers: Headers) => headers.get('x-forwarded-for') ?? 'unknown' };
const request = new Request('http://x/api/v2/test', { headers: { 'x-forwarded-for': '192.0.2.7' } });
const refused = { reason: 'uri claim mismatch', code: 'uri_mismatch', comparedUri: '/api/v2/test' };

beforeEach(() => {
  failures.count = 1;
  failures.counted = [];
});

describe('refuseCredentials', () => {
  it('production: the same 401 whatever failed, and the address counted', async () => {
    const error = await refuseCredentials(hooks, request, refused, 'req-1', { APP_ENV: 'production' });
    expect(httpStatusOf(error.kind)).toBe(401);
    const body = await errorResponse('payouts', error).json();
    expect(JSON.stringify(body)).not.toContain('uri_mismatch');
    expect(failures.counted).toEqual(['192.0.2.7']);
  });

  it('sandbox: the 401 names the check that failed and the uri compared', async () => {
    const error = await refuseCredentials(hooks, request, refused, 'req-1', { APP_ENV: 'sandbox' });
    const body = await errorResponse('payouts', error).json();
    expect(JSON.stringify(body)).toContain('uri_mismatch');
    expect(JSON.stringify(body)).toContain('/api/v2/test');
    const unexplained = await refuseCredentials(hooks, request, { reason: 'no credentials' }, 'req-1', {
      APP_ENV: 'sandbox',
    });
    expect(JSON.stringify(await errorResponse('payouts', unexplained).json())).not.toContain('reason');
  });

  it('over the failed-authentication limit: 429 with X-RateLimit-* and Retry-After', async () => {
    failures.count = 11;
    const error = await refuseCredentials(hooks, request, refused, 'req-1', { APP_ENV: 'sandbox' });
    const response = errorResponse('payouts', error);
    expect(response.status).toBe(429);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10');
    expect(response.headers.get('retry-after')).not.toBeNull();
  });
});
