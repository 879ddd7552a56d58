// Unit tests of what an answered request leaves behind: its span ended with the status, the request metric, and the
// one `request` log line naming who asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRequestMetrics } from '@/lib/platform/metrics/request-metrics';
import { setRequestTracer } from '@/lib/platform/tracing/request-tracer';
import { observe } from './observe';
import { testActor, testExchange, testOperation } from './test-exchange';

const operation = testOperation({
  id: 'testObserved',
});

afterEach(() => {
  setRequestTracer(null);
  vi.restoreAllMocks();
});

describe('observe', () => {
  it('ends the span with the status, counts the request and logs one line naming who asked', () => {
    const ended: number[] = [];
    setRequestTracer({ start: () => ({ end: (status) => ended.push(status) }) });
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const exchange = testExchange(operation, { actor: testActor, target: '/api/v2/test?q=1' });
    observe(exchange, operation, 204);
    expect(ended).toEqual([204]);
    expect(renderRequestMetrics()).toMatch(/operation="testObserved"/);
    const lines = stdout.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request',
        request_id: exchange.requestId,
        method: 'GET',
        path: '/api/v2/test',
        operation: 'testObserved',
        status: 204,
        duration_ms: expect.any(Number),
        org_id: 'org-1',
        via: 'api_key',
        api_key_id: 'key-1',
      }),
    ]);
  });
});
