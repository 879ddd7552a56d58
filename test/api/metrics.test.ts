// GET /api/metrics through its real handler: only a staff session or the configured bearer token reads the metrics;
// the text is Prometheus exposition, and the request counters and the job queue gauges follow what happened.
import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, sqlClient } from '@/db/client';
import { SESSION_COOKIE_NAME } from '@/lib/identity/server/auth/session-cookie';
import { createUserSession } from '@/lib/identity/server/auth/user-sessions';
import { createUser } from '@/lib/identity/server/auth/users';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { captureOutput } from '../capture-output';
import { TEST_AUTH_SECRET, useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

function useToken(token: string | undefined): void {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetEnvCache();
}

afterEach(() => {
  vi.restoreAllMocks();
  useToken(undefined);
});

async function sessionCookie(staff: boolean): Promise<string> {
  const user = await createUser(db(), {
    email: `metrics-${staff ? 'staff' : 'client'}-${Math.random()}@example.com`,
    name: 'Metrics',
    passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
    staffRole: staff ? 'support' : undefined,
  });
  const sessionId = await createUserSession(db(), {
    id: user.id,
    email: user.email,
    name: 'Metrics',
    staffRole: staff ? 'support' : null,
  });
  const token = await encode({ token: { sid: sessionId, uid: user.id }, secret: TEST_AUTH_SECRET });
  return `${SESSION_COOKIE_NAME}=${token}`;
}

const scrape = (headers: Record<string, string> = {}) =>
  routeFetch(`${TEST_BASE_URL}/api/metrics`, { headers: { 'x-request-id': 'scrape-1', ...headers } });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the text exposition format (0.0.4): every line is empty, a HELP or TYPE comment, or a sample
 * `name{label="value",…} number`; every sample belongs to a family declared with TYPE. Throws on anything else.
 */
function parseExposition(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines (prom-client separates families with one).
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        expect(types.has(comment[2]!), `${comment[2]} typed twice`).toBe(false);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.e+-]+|Inf)|NaN|\+Inf)$/.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
    let position = 0;
    while (position < labelText.length) {
      labelPattern.lastIndex = position;
      const label = labelPattern.exec(labelText);
      if (!label) throw new Error(`bad labels in ${JSON.stringify(line)}`);
      labels[label[1]!] = label[2]!;
      position = labelPattern.lastIndex;
    }
    const name = sample[1]!;
    const family = name.replace(/_(bucket|sum|count|total)$/, '');
    expect(types.has(name) || types.has(family), `${name} has no TYPE`).toBe(true);
    samples.push({ name, labels, value: Number(sample[3]) });
  }
  return samples;
}

function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

describe('GET /api/metrics', () => {
  it('refuses a caller without credentials, with a wrong token, or with a client session, showing no metric', async () => {
    useToken(TOKEN);
    const refusals: { headers: Record<string, string>; status: number; code: string }[] = [
      { headers: {}, status: 401, code: 'invalid_token' },
      {
        headers: { authorization: 'Bearer wrong-token-0123456789abcdef0123456789' },
        status: 401,
        code: 'invalid_token',
      },
      { headers: { authorization: `Bearer ${TOKEN}x` }, status: 401, code: 'invalid_token' },
      {
        headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
        status: 401,
        code: 'invalid_token',
      },
      { headers: { cookie: await sessionCookie(false) }, status: 403, code: 'forbidden' },
    ];
    const written = captureOutput();
    const accepted = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(accepted.status).toBe(200);
    for (const { headers, status, code } of refusals) {
      const response = await scrape(headers);
      expect(response.status, JSON.stringify(headers)).toBe(status);
      expect(response.headers.get('x-request-id')).toBe('scrape-1');
      // A 401 names the scheme a scraper should use (RFC 9110); a 403 has nothing to ask for.
      expect(response.headers.get('www-authenticate')).toBe(status === 401 ? 'Bearer realm="metrics"' : null);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ statusCode: status, code });
      expect(text).not.toContain('payout_');
    }
    vi.restoreAllMocks();
    // Neither the token nor any part of it reaches the log.
    expect(written.join('')).not.toContain(TOKEN.slice(0, 16));
  });

  it('accepts no bearer token at all while METRICS_TOKEN is unset', async () => {
    const response = await scrape({ authorization: 'Bearer ' });
    expect(response.status).toBe(401);
    expect((await scrape({ authorization: `Bearer ${TOKEN}` })).status).toBe(401);
  });

  it('serves Prometheus text to the bearer token and to a staff session; request counters move with requests', async () => {
    useToken(TOKEN);
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect((await client.request('GET', '/api/v2/funding/balance')).status).toBe(200);

    const byToken = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(byToken.headers.get('cache-control')).toBe('no-store');
    const before = parseExposition(await byToken.text());
    const labels = { operation: 'getFundingBalance', status: '200' };
    const counted = sampleValue(before, 'payout_http_requests_total', labels);
    expect(counted).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, 'payout_http_request_duration_seconds_count', labels)).toBe(counted);
    expect(
      sampleValue(before, 'payout_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(counted);

    await client.request('GET', '/api/v2/funding/balance');
    await client.request('GET', '/api/v2/funding/balance');

    const byStaff = await scrape({ cookie: await sessionCookie(true) });
    expect(byStaff.status).toBe(200);
    const after = parseExposition(await byStaff.text());
    expect(sampleValue(after, 'payout_http_requests_total', labels)).toBe(counted + 2);
    for (const source of ['connections', 'jobs', 'webhooks', 'adapters']) {
      expect(sampleValue(after, 'payout_metrics_collect_success', { source }), source).toBe(1);
    }
    expect(after.some((sample) => sample.name === 'payout_db_connections')).toBe(true);
  });

  it('reports the job queue from graphile-worker’s public view: depth and age of due jobs', async () => {
    useToken(TOKEN);
    await sqlClient()`select graphile_worker.add_job('metrics.probe', '{}'::json, run_at => now() - interval '90 seconds')`;
    const response = await scrape({ authorization: `Bearer ${TOKEN}` });
    const samples = parseExposition(await response.text());
    expect(sampleValue(samples, 'payout_job_queue_depth', { task: 'metrics.probe' })).toBe(1);
    expect(
      sampleValue(samples, 'payout_job_queue_oldest_seconds', { task: 'metrics.probe' }),
    ).toBeGreaterThanOrEqual(89);
  });

  it('counts rate-limit refusals by operation', async () => {
    useToken(TOKEN);
    const org = await createTestOrganization({ rateLimitPerMinute: 1 });
    const client = apiClient(org.credentials);
    const read = async () =>
      sampleValue(
        parseExposition(await (await scrape({ authorization: `Bearer ${TOKEN}` })).text()),
        'payout_rate_limit_refusals_total',
        { operation: 'getFundingBalance' },
      );
    const before = await read();
    expect((await client.request('GET', '/api/v2/funding/balance')).status).toBe(200);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(429);
    expect(await read()).toBe(before + 1);
  });

  it('answers OPTIONS with its methods and refuses others with 405', async () => {
    const options = await routeFetch(`${TEST_BASE_URL}/api/metrics`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const post = await routeFetch(`${TEST_BASE_URL}/api/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
