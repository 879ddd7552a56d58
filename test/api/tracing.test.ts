// Tracing: off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (then nothing of OpenTelemetry is loaded); on, each API
// request reaches an OTLP/HTTP collector as one span naming the operation, the request id and the status.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTracingIfConfigured } from '@/lib/platform/tracing/configure';
import { requestTracer } from '@/lib/platform/tracing/request-tracer';
import type { Tracing } from '@/lib/platform/tracing/start-tracing';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

interface Received {
  path: string;
  contentType: string | undefined;
  body: string;
}

/** A stand-in OTLP/HTTP collector: records every POST and answers 200 with an empty JSON partial-success. */
async function startCollector(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', contentType: request.headers['content-type'], body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let tracing: Tracing | null = null;

afterEach(async () => {
  await tracing?.shutdown();
  tracing = null;
});

describe('tracing', () => {
  it('stays off, loading nothing, while OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const load = vi.fn(() => import('@/lib/platform/tracing/start-tracing'));
    expect(await startTracingIfConfigured({}, load)).toBeNull();
    expect(await startTracingIfConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(requestTracer() ?? null).toBeNull();
  });

  it('exports one span per request with the operation id, request id and status to the OTLP endpoint', async () => {
    const collector = await startCollector();
    try {
      tracing = await startTracingIfConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
      expect(tracing).not.toBeNull();
      const org = await createTestOrganization();
      const client = apiClient(org.credentials);
      const answer = await client.request('GET', '/api/v2/funding/balance', {
        headers: { 'x-request-id': 'trace-me-1' },
      });
      expect(answer.status).toBe(200);
      await tracing!.flush();

      expect(collector.received.length).toBeGreaterThanOrEqual(1);
      expect(collector.received.every((post) => post.path === '/v1/traces')).toBe(true);
      expect(collector.received[0]!.contentType).toMatch(/^application\/json/);
      type Attribute = { key: string; value: Record<string, unknown> };
      const spans = collector.received.flatMap((post) =>
        (
          JSON.parse(post.body) as {
            resourceSpans: {
              scopeSpans: { spans: { name: string; kind: number; attributes: Attribute[] }[] }[];
            }[];
          }
        ).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
      );
      const attributes = (span: { attributes: Attribute[] }) =>
        Object.fromEntries(span.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
      const traced = spans.filter((span) => attributes(span)['payout.request_id'] === 'trace-me-1');
      expect(traced).toHaveLength(1);
      expect(traced[0]!.name).toBe('getFundingBalance');
      expect(traced[0]!.kind).toBe(2); // SERVER
      expect(attributes(traced[0]!)).toMatchObject({
        'payout.operation_id': 'getFundingBalance',
        'http.request.method': 'GET',
        'http.route': '/api/v2/funding/balance',
      });
      expect(Number(attributes(traced[0]!)['http.response.status_code'])).toBe(200);
    } finally {
      await collector.close();
    }
  });
});
