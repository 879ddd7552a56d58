// Unit tests of the first step: every request gets an id (a client's well-formed one echoed), its area and its span.
import { afterEach, describe, expect, it } from 'vitest';
import { setRequestTracer } from '@/lib/platform/tracing/request-tracer';
import { beginExchange } from './begin';
import { testOperation } from './test-exchange';

const operation = testOperation();

afterEach(() => setRequestTracer(null));

describe('beginExchange', () => {
  it("echoes a client's well-formed X-Request-Id and mints one for a malformed one", () => {
    const sent = beginExchange(
      operation,
      new Request('http://x/api/v2/test', { headers: { 'x-request-id': 'client-id.1' } }),
    );
    expect(sent.requestId).toBe('client-id.1');
    expect(sent.headers.get('x-request-id')).toBe('client-id.1');
    const malformed = beginExchange(
      operation,
      new Request('http://x/api/v2/test', { headers: { 'x-request-id': 'no spaces allowed' } }),
    );
    expect(malformed.requestId).not.toBe('no spaces allowed');
    expect(malformed.headers.get('x-request-id')).toBe(malformed.requestId);
  });

  it('knows the envelope by the path and starts with nobody authenticated and no body read', () => {
    const exchange = beginExchange(operation, new Request('http://x/api/v2/liquidity/pools?a=1'));
    expect(exchange).toMatchObject({ area: 'liquidity', actor: null, bodyRead: false, heavySlot: null });
    expect(exchange.url.search).toBe('?a=1');
    expect(beginExchange(operation, new Request('http://x/api/v2/payouts')).area).toBe('payouts');
  });

  it('starts one span per request when tracing is on, naming the operation and the request id', () => {
    const started: unknown[] = [];
    setRequestTracer({
      start: (request) => {
        started.push(request);
        return { end: () => {} };
      },
    });
    const exchange = beginExchange(operation, new Request('http://x/api/v2/test', { method: 'GET' }));
    expect(started).toEqual([
      expect.objectContaining({
        operationId: 'testRead',
        route: '/api/v2/test',
        method: 'GET',
        requestId: exchange.requestId,
      }),
    ]);
    expect(exchange.span).toBeDefined();
    setRequestTracer(null);
    expect(beginExchange(operation, new Request('http://x/api/v2/test')).span).toBeUndefined();
  });
});
