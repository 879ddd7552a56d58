// Metrics and tracing as the production build runs them: the request counters the v2 routes bump are the ones
// /api/metrics renders (separate route bundles share one store), and with OTEL_EXPORTER_OTLP_ENDPOINT set the
// instrumentation hook loads the SDK and a signed request arrives at the collector as a span.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { type RunningServer, startServer } from './servers';

await useTestDatabase();

const TOKEN = 'server-metrics-token-0123456789abcdef0123456789';
const posts: string[] = [];
const collector = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    if (request.url === '/v1/traces') posts.push(body);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let server: RunningServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  server = await startServer('next start', {
    METRICS_TOKEN: TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    // The batch processor's export delay (the SDK reads it from the environment), so the span arrives quickly.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => collector.close(resolve));
});

it('counts a signed request in /api/metrics and exports its span to the OTLP collector', async () => {
  const origin = `http://127.0.0.1:${server.port}`;
  const org = await createTestOrganization();
  const client = new PayoutApiClient({ baseUrl: origin, ...org.credentials, maxRetries: 0 });
  const answer = await client.request('GET', '/api/v2/funding/balance', {
    headers: { 'x-request-id': 'built-trace-1' },
  });
  expect(answer.status).toBe(200);

  expect((await fetch(`${origin}/api/metrics`)).status).toBe(401);
  const metrics = await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).toMatch(
    /^payout_http_requests_total\{operation="getFundingBalance",status="200"\} [1-9]/m,
  );

  const deadline = Date.now() + 20_000;
  while (!posts.some((body) => body.includes('built-trace-1')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(posts.some((body) => body.includes('built-trace-1') && body.includes('getFundingBalance'))).toBe(
    true,
  );
});
