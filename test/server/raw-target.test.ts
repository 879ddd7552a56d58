// The built app, as `next start` and as `npm start`'s front serve it, over raw sockets: a token signed for the request
// target exactly as sent is accepted whatever the query looks like (Next re-serialises it before a route handler sees
// it); a token for any other spelling is refused, a client cannot choose the target the server compares; a method Next
// cannot route is 405 in the area's envelope; an unauthenticated body is not received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@/lib/platform/client/sign';
import { useTestDatabase } from '../db';
import { createTestOrganization, type TestOrganization } from '../fixtures';
import { rawRequest } from './raw-http';
import { type RunningServer, type ServerKind, startServer } from './servers';

await useTestDatabase();

const TRANSACTIONS = '/api/v2/funding/transactions';

/** Targets a real client sends, each exactly as it goes on the wire. */
const MATRIX: string[] = [
  ...[':', ',', '@', '/', '~', "'", '!', '(', ')', ';', '$'].map((c) => `${TRANSACTIONS}?q=a${c}b&${c}=x`),
  `${TRANSACTIONS}?q=a%20b`,
  `${TRANSACTIONS}?q=a+b`,
  `${TRANSACTIONS}?q=%c3%a9%2f%7e`,
  `${TRANSACTIONS}?q=%C3%A9%2F%7E`,
  `${TRANSACTIONS}?a`,
  `${TRANSACTIONS}?`,
  `${TRANSACTIONS}?2=x&1=y&b=z&10=w`,
  `${TRANSACTIONS}?a=1&b=2&a=3`,
  `${TRANSACTIONS}?b=2&a=1&a=3`,
  `${TRANSACTIONS}?a=&b=&a=`,
  `${TRANSACTIONS}?&&a=1&&`,
  `${TRANSACTIONS}?created_from=2026-11-01T00:00:00Z`,
  `${TRANSACTIONS}?created_from=2026-11-01T00:00:00.000Z&created_to=2026-12-01T00:00:00%2B01:00`,
  `${TRANSACTIONS}?limit=5&page=1`,
  '/api/v2/events?type=order.completed,order.failed',
  '/api/v2/events?created_from=2026-11-01T00:00:00Z&type=order.completed%2Corder.failed',
  '/api/v2/orders/export?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
  '/api/v2/orders/summary?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
  '/api/v2/liquidity/management/chains?x=(1)',
];

let org: TestOrganization;
const servers: RunningServer[] = [];

beforeAll(async () => {
  org = await createTestOrganization();
  // Both at once: each takes a few seconds to come up.
  servers.push(
    ...(await Promise.all(
      (['next start', 'npm start (front)'] as ServerKind[]).map((kind) => startServer(kind)),
    )),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function signedGet(
  port: number,
  target: string,
  signedUri = target,
  headers: Record<string, string> = {},
) {
  const auth = await signRequest({ ...org.credentials, method: 'GET', uri: signedUri });
  return rawRequest(port, { method: 'GET', target, headers: { ...auth, ...headers } });
}

/** A 422 whose every problem is a parameter the operation does not take: the request got past authentication. */
function onlyUnknownParameters(response: { status: number; body: string }): boolean {
  if (response.status !== 422) return false;
  const body = JSON.parse(response.body) as {
    errors?: { code: string }[];
    error?: { errors?: { code: string }[] };
  };
  const errors = body.errors ?? body.error?.errors ?? [];
  return errors.length > 0 && errors.every((error) => error.code === 'unknown_parameter');
}

describe.each(['next start', 'npm start (front)'] as ServerKind[])('%s', (kind) => {
  const server = () => servers.find((running) => running.kind === kind)!;

  it('accepts a token signed for the target exactly as sent, for every shape of query', async () => {
    const failures: string[] = [];
    for (const target of MATRIX) {
      const response = await signedGet(server().port, target);
      // Authenticated either way: the sandbox then refuses the parameters the operation does not take (`q`, `:`…).
      if (response.status !== 200 && !onlyUnknownParameters(response))
        failures.push(`${target} → ${response.status} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a token signed for another spelling of the same query, naming the target it compared', async () => {
    // What Next hands the route for `?a=1&b=2&a=3`: the repeated name grouped, as a re-serialising client would sign it.
    const target = `${TRANSACTIONS}?a=1&b=2&a=3`;
    const response = await signedGet(server().port, target, `${TRANSACTIONS}?a=1&a=3&b=2`, {
      'x-forwarded-for': '192.0.2.10',
    });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ reason: 'uri_mismatch', compared_uri: target });
    for (const [sent, signed] of [
      [`${TRANSACTIONS}?q=%7e`, `${TRANSACTIONS}?q=~`],
      [`${TRANSACTIONS}?q=a+b`, `${TRANSACTIONS}?q=a%20b`],
      [`${TRANSACTIONS}?`, TRANSACTIONS],
      [`${TRANSACTIONS}?a`, `${TRANSACTIONS}?a=`],
    ]) {
      expect((await signedGet(server().port, sent!, signed)).status, `${sent} signed as ${signed}`).toBe(401);
    }
  });

  it('answers a target with a fragment 400 saying so, never a uri_mismatch naming the signed uri', async () => {
    const target = '/api/v2/funding/balance#x';
    const response = await signedGet(server().port, target, target, { 'x-forwarded-for': '192.0.2.12' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 400,
      code: 'fragment_in_target',
      message: 'The request target must not contain a fragment (#…): send and sign the path and query only',
    });
  });

  it('redirects a trailing slash with 308 to the path without it, query kept, before any check: sign that path', async () => {
    const slashed = `${TRANSACTIONS}/?limit=1`;
    const redirected = await signedGet(server().port, slashed, slashed, { 'x-forwarded-for': '192.0.2.13' });
    expect(redirected.status).toBe(308);
    const location = redirected.headers.location!;
    expect(location.replace(/^https?:\/\/[^/]+/, '')).toBe(`${TRANSACTIONS}?limit=1`);
    // Nothing was authenticated or counted: the redirect comes before the route.
    expect(redirected.headers['x-ratelimit-limit']).toBeUndefined();
    // Following it with the same token fails (it was signed for the slashed uri); signing the new target works.
    const followed = await signedGet(server().port, `${TRANSACTIONS}?limit=1`, slashed);
    expect(followed.status).toBe(401);
    expect((await signedGet(server().port, `${TRANSACTIONS}?limit=1`)).status).toBe(200);
    // A POST is redirected the same way (308 keeps the method and body) and executes nothing.
    const post = await rawRequest(server().port, {
      method: 'POST',
      target: '/api/v2/sandbox/deposits/',
      headers: { 'content-type': 'application/json', 'content-length': '18' },
      body: '{"amount":"10.00"}',
    });
    expect(post.status).toBe(308);
    expect(post.headers.location!.replace(/^https?:\/\/[^/]+/, '')).toBe('/api/v2/sandbox/deposits');
  });

  it('ignores a client-sent x-payout-raw-target: the server compares the target on the socket', async () => {
    const forged = await signedGet(server().port, `${TRANSACTIONS}?q=%7e`, `${TRANSACTIONS}?q=~`, {
      'x-payout-raw-target': `${TRANSACTIONS}?q=~`,
    });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ compared_uri: `${TRANSACTIONS}?q=%7e` });
    // Another path altogether in the header changes nothing either.
    const elsewhere = await signedGet(server().port, `${TRANSACTIONS}?limit=1`, '/api/v2/funding/balance', {
      'x-payout-raw-target': '/api/v2/funding/balance',
    });
    expect(elsewhere.status).toBe(401);
  });

  it('answers TRACE and other methods Next cannot route with 405, Allow and X-Request-Id in the area envelope', async () => {
    const trace = await rawRequest(server().port, { method: 'TRACE', target: '/api/v2/funding/balance' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(trace.headers['x-request-id']).toBeTruthy();
    expect(trace.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(trace.body)).toEqual({
      statusCode: 405,
      code: 'method_not_allowed',
      message: 'Method TRACE is not allowed here',
    });
    const liquidity = await rawRequest(server().port, {
      method: 'PROPFIND',
      target: '/api/v2/liquidity/management/withdrawals',
    });
    expect(liquidity.status).toBe(405);
    expect(JSON.parse(liquidity.body)).toMatchObject({
      error: { code: 'method_not_allowed', message: 'Method PROPFIND is not allowed here' },
    });
    expect(liquidity.headers.allow).toBe('GET, HEAD, OPTIONS, POST');
    // OPTIONS names the same methods, and a path that does not exist stays 404.
    const options = await rawRequest(server().port, {
      method: 'OPTIONS',
      target: '/api/v2/liquidity/management/withdrawals',
    });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe(liquidity.headers.allow);
    const unknown = await rawRequest(server().port, { method: 'TRACE', target: '/api/v2/nothing-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['x-request-id']).toBeTruthy();
  });

  it('closes the connection on an unauthenticated request instead of receiving its body', async () => {
    const declared = 10 * 1024 * 1024;
    const started = Date.now();
    const response = await rawRequest(server().port, {
      method: 'POST',
      target: '/api/v2/sandbox/deposits',
      headers: {
        connection: 'keep-alive',
        'content-type': 'application/json',
        'content-length': String(declared),
        'x-api-key': org.credentials.apiKey,
        authorization: 'Bearer not.a.token',
        'x-forwarded-for': '192.0.2.11',
      },
      body: 'x'.repeat(64 * 1024),
      sendBodyBytes: 64 * 1024,
    });
    expect(response.status).toBe(401);
    expect(response.headers.connection).toBe('close');
    // The socket closed (rawRequest resolves on close) while 10 MiB were still owed: nobody waited for them.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
