// Unit tests of output shaping: JSON through the response schema (what the wire must not carry is dropped), file
// answers with their headers, and a handler's own Response keeping its headers.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '@/lib/platform/operations/operation';
import { beginExchange } from './begin';
import { shapeOutput, toResponse } from './shape-output';
import { testOperation } from './test-exchange';

const jsonOperation = testOperation({
  response: { status: 201, description: 'ok', schema: z.object({ id: z.string() }) },
});
const fileOperation = defineOperation({
  id: 'testFile',
  method: 'GET',
  path: '/api/v2/test/file',
  summary: 'test',
  tags: ['test'],
  response: { kind: 'file', status: 200, description: 'a file', contentTypes: ['text/csv'] },
});
const config = { STREAM_WRITE_TIMEOUT_SECONDS: 60 };

describe('shapeOutput', () => {
  it('shapes JSON through the schema with the declared status', () => {
    const exchange = beginExchange(jsonOperation, new Request('http://x/api/v2/test'));
    expect(shapeOutput(exchange, jsonOperation, { id: 'a', secret: 's' }, config)).toEqual({
      status: 201,
      body: { id: 'a' },
    });
  });

  it('answers a file with its headers; only a stream takes the heavy place along', async () => {
    const exchange = beginExchange(fileOperation, new Request('http://x/api/v2/test/file'));
    const bytes = new TextEncoder().encode('a,b\n');
    const answer = shapeOutput(
      exchange,
      fileOperation,
      { contentType: 'text/csv', filename: 'x.csv', body: bytes },
      config,
    );
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(response.headers.get('repr-digest')).toMatch(/^sha-256=/);
    expect(await response.text()).toBe('a,b\n');
    expect(exchange.slotGoesWithStream).toBe(false);
    const stream = new Blob([bytes]).stream();
    shapeOutput(
      exchange,
      fileOperation,
      { contentType: 'text/csv', filename: 'x.csv', body: stream },
      config,
    );
    expect(exchange.slotGoesWithStream).toBe(true);
  });
});

describe('toResponse', () => {
  it('JSON with the gathered headers, never cached', async () => {
    const response = toResponse({ status: 201, body: { id: 'a' } }, new Headers({ 'X-Request-Id': 'r1' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ id: 'a' });
  });

  it("a handler's own Response keeps the headers it set and gains the others", () => {
    const own = new Response('x', { headers: { 'x-request-id': 'mine', 'content-type': 'text/plain' } });
    const response = toResponse(own, new Headers({ 'X-Request-Id': 'r1', 'X-RateLimit-Limit': '10' }));
    expect(response.headers.get('x-request-id')).toBe('mine');
    expect(response.headers.get('x-ratelimit-limit')).toBe('10');
  });
});
