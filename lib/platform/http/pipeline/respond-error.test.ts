// Unit tests of the error answer: a refusal in its envelope with the headers gathered so far, an unavailable database
// as 503 with Retry-After, anything else a logged 500 — and the connection closed when the body was never read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { metrics } from '@/lib/platform/metrics/counters';
import { respondError } from './respond-error';
import { testEnv, testExchange, testOperation } from './test-exchange';

const operation = testOperation({ id: 'testRespondError', method: 'POST', path: '/api/v2/liquidity/test' });
const post = (headers: Record<string, string> = {}) =>
  testExchange(operation, { target: '/api/v2/liquidity/test', headers });

const saved = { ...process.env };
beforeEach(() => {
  Object.assign(process.env, testEnv());
  resetEnvCache();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  vi.restoreAllMocks();
});

describe('respondError', () => {
  it("answers a refusal in the path's envelope with the headers gathered so far", async () => {
    const exchange = post();
    exchange.headers.set('X-RateLimit-Limit', '10');
    const response = respondError(exchange, operation, new ApiError('forbidden'));
    expect(response.status).toBe(403);
    expect(response.headers.get('x-request-id')).toBe(exchange.requestId);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10');
    expect(await response.json()).toMatchObject({ error: { type: expect.any(String) } });
  });

  it('counts a 429 in the rate-limit refusals metric', async () => {
    const before = (await metrics().rateLimitRefusals.get()).values.find(
      (value) => value.labels.operation === 'testRespondError',
    );
    expect(respondError(post(), operation, new ApiError('rate_limited')).status).toBe(429);
    const after = (await metrics().rateLimitRefusals.get()).values.find(
      (value) => value.labels.operation === 'testRespondError',
    );
    expect((after?.value ?? 0) - (before?.value ?? 0)).toBe(1);
  });

  it('an unavailable database is 503 with Retry-After; anything else a 500, logged, saying nothing', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const away = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const unavailable = respondError(post(), operation, away);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).not.toBeNull();
    const bug = respondError(post(), operation, new Error('secret detail'));
    expect(bug.status).toBe(500);
    expect(await bug.text()).not.toContain('secret detail');
    expect(stderr.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual([
      'database unavailable',
      'unhandled error',
    ]);
  });

  it('closes the connection of a request refused before its body was read', () => {
    const unread = respondError(post({ 'content-length': '5' }), operation, new ApiError('unauthorized'));
    expect(unread.headers.get('connection')).toBe('close');
    const exchange = post({ 'content-length': '5' });
    exchange.bodyRead = true;
    expect(
      respondError(exchange, operation, new ApiError('validation')).headers.get('connection'),
    ).toBeNull();
  });
});
