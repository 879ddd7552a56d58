// Unit tests of what an answered request leaves behind: its span ended with the status, the request metric, and the
// one `request` log line naming who asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Principal } from '@/lib/platform/actor/actor';
import { renderRequestMetrics } from '@/lib/platform/metrics/request-metrics';
import { defineOperation } from '@/lib/platform/operations/operation';
import { setRequestTracer } from '@/lib/platform/tracing/request-tracer';
import { beginExchange } from './begin';
import { observe } from './observe';

const operation = defineOperation({
  id: 'testObserved',
  method: 'GET',
  path: '/api/v2/test',
  summary: 'test',
  tags: ['test'],
  response: { status: 200, description: 'ok', schema: z.object({}) },
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
    const exchange = beginExchange(operation, new Request('http://x/api/v2/test?q=1'));
    const actor: Principal = {
      via: 'api_key',
      orgId: 'org-1',
      role: 'member',
      apiKeyId: 'key-1',
      entitlements: [],
    };
    exchange.actor = actor;
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
