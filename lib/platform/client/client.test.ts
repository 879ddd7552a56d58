// Unit tests of PayoutApiClient against a fake fetch: retries, backoff hints, idempotency keys and error parsing.
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { type FetchLike, PayoutApiClient, PayoutApiConnectionError, PayoutApiError } from './client';
import { computeBodyHash } from './sign';

const { privateKey: privateKeyPem } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

const NOW_MS = 1_767_225_600_000;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_123', ...headers },
  });
}

/** A fetch that answers from a script of responses (or throws an Error for a network failure) and records calls. */
function fakeFetch(script: Array<() => Response>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({
      url,
      method: String(init.method),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body === undefined ? undefined : String(init.body),
    });
    const next = script[calls.length - 1];
    if (!next) throw new Error(`unexpected call ${calls.length}`);
    return next();
  };
  return { fetch, calls };
}

function client(fetch: FetchLike, sleeps: number[] = [], options: { maxRetries?: number } = {}) {
  return new PayoutApiClient({
    baseUrl: 'https://sandbox.example.com/',
    apiKey: 'sk_sandbox_abc',
    privateKeyPem,
    sharedSecret: 'secret',
    fetch,
    maxRetries: options.maxRetries,
    retryBaseMs: 100,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => NOW_MS,
    random: () => 0,
  });
}

const tokenOf = (call: Call) => decodeJwt(String(call.headers.authorization).replace(/^Bearer /, ''));

describe('PayoutApiClient requests', () => {
  it('signs the exact path and query it sends, with the body hash of the exact bytes', async () => {
    const { fetch, calls } = fakeFetch([() => json(201, { id: 'b1' })]);
    const body = { orders: [{ amount: '10.50' }] };
    const result = await client(fetch).post<{ id: string }>('/api/v2/payouts?dry_run=false', body);

    expect(result).toMatchObject({ status: 201, data: { id: 'b1' } });
    const [call] = calls;
    expect(call!.url).toBe('https://sandbox.example.com/api/v2/payouts?dry_run=false');
    expect(call!.headers['x-api-key']).toBe('sk_sandbox_abc');
    expect(call!.headers['content-type']).toBe('application/json');
    const claims = tokenOf(call!);
    expect(claims).toMatchObject({
      sub: 'sk_sandbox_abc',
      uri: '/api/v2/payouts?dry_run=false',
      nbf: NOW_MS / 1000,
    });
    expect(claims.bodyHash).toBe(
      computeBodyHash('secret', '/api/v2/payouts?dry_run=false', JSON.stringify(body), NOW_MS / 1000),
    );
  });

  it('sends raw bodies untouched and no Idempotency-Key on GET', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, { ok: true }), () => json(200, { items: [] })]);
    const api = client(fetch);
    await api.request('POST', '/api/v2/files', {
      rawBody: '--b\r\n\r\nx\r\n--b--',
      headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
    });
    await api.get('/api/v2/funding/transactions');
    expect(calls[0]!.body).toBe('--b\r\n\r\nx\r\n--b--');
    expect(calls[0]!.headers['Content-Type']).toBe('multipart/form-data; boundary=b');
    expect(tokenOf(calls[0]!).bodyHash).toBe(
      computeBodyHash('secret', '/api/v2/files', '--b\r\n\r\nx\r\n--b--', NOW_MS / 1000),
    );
    expect(calls[1]!.headers['idempotency-key']).toBeUndefined();
    expect(calls[1]!.body).toBeUndefined();
  });
});

describe('PayoutApiClient retries', () => {
  it('retries a 429 once, waiting what Retry-After says', async () => {
    const sleeps: number[] = [];
    const { fetch, calls } = fakeFetch([
      () => json(429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '7' }),
      () => json(200, { available: '1.00' }),
    ]);
    const result = await client(fetch, sleeps).get('/api/v2/funding/balance');
    expect(result.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
  });

  it('falls back to X-RateLimit-Reset (epoch seconds) when there is no Retry-After', async () => {
    const sleeps: number[] = [];
    const { fetch } = fakeFetch([
      () =>
        json(
          429,
          { statusCode: 429, message: 'Too many requests' },
          { 'x-ratelimit-reset': String(NOW_MS / 1000 + 12) },
        ),
      () => json(200, {}),
    ]);
    await client(fetch, sleeps).get('/api/v2/funding/balance');
    expect(sleeps).toEqual([12_000]);
  });

  it('gives up after maxRetries on repeated 500s with a PayoutApiError, backing off exponentially', async () => {
    const sleeps: number[] = [];
    const failure = () => json(500, { statusCode: 500, message: 'Internal server error' });
    const { fetch, calls } = fakeFetch([failure, failure, failure, failure]);
    const error = await client(fetch, sleeps)
      .get('/api/v2/funding/balance')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayoutApiError);
    expect(error).toMatchObject({ status: 500, message: 'Internal server error', requestId: 'req_123' });
    expect(calls).toHaveLength(4);
    // random() = 0: the lower half of base·2^n.
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', async (status) => {
    const sleeps: number[] = [];
    const { fetch, calls } = fakeFetch([() => json(status, { statusCode: status, message: 'no' })]);
    await expect(client(fetch, sleeps).post('/api/v2/payouts', {})).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('keeps one Idempotency-Key across POST retries and signs every attempt afresh', async () => {
    const { fetch, calls } = fakeFetch([
      () => json(503, { statusCode: 503, message: 'Service temporarily unavailable' }),
      () => {
        throw new TypeError('fetch failed');
      },
      () => json(201, { id: 'b1' }),
    ]);
    const result = await client(fetch).post('/api/v2/payouts', { orders: [] });
    expect(result.status).toBe(201);
    expect(calls).toHaveLength(3);
    const keys = calls.map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(calls.map((call) => call.headers.authorization)).size).toBe(3);
    expect(new Set(calls.map((call) => tokenOf(call).jti)).size).toBe(3);
  });

  it("uses the caller's Idempotency-Key, and never retries a POST sent without one", async () => {
    const given = fakeFetch([() => json(502, { statusCode: 502, message: 'x' }), () => json(201, {})]);
    await client(given.fetch).post('/api/v2/payouts', {}, { idempotencyKey: 'order-42' });
    expect(given.calls.map((call) => call.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);

    const none = fakeFetch([() => json(502, { statusCode: 502, message: 'x' })]);
    await expect(
      client(none.fetch).post('/api/v2/payouts', {}, { idempotencyKey: null }),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect(none.calls).toHaveLength(1);
    expect(none.calls[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('retries a 409 only while the first request with its Idempotency-Key is still running', async () => {
    const inUse = {
      error: {
        type: 'validation_error',
        code: 'idempotency_key_in_use',
        message: 'A request with this Idempotency-Key is still being processed',
      },
    };
    const { fetch, calls } = fakeFetch([() => json(409, inUse), () => json(201, { id: 'w1' })]);
    const result = await client(fetch).post('/api/v2/liquidity/management/withdrawals', { amount: '1.00' });
    expect(result.status).toBe(201);
    expect(calls).toHaveLength(2);
  });

  it('retries a request whose answer was cut off part-way, with the same Idempotency-Key', async () => {
    // The instance died while sending the body: the status and headers came, then the stream broke.
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"batch":{"id":'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    const { fetch, calls } = fakeFetch([cutOff, () => json(201, { batch: { id: 'b1' } })]);
    const result = await client(fetch).post('/api/v2/payouts', { orders: [] });
    expect(result.data).toEqual({ batch: { id: 'b1' } });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['idempotency-key']).toBe(calls[0]!.headers['idempotency-key']);
  });

  it('reports a connection error once retries of network failures run out', async () => {
    const down = () => {
      throw new TypeError('fetch failed');
    };
    const { fetch, calls } = fakeFetch([down, down]);
    await expect(client(fetch, [], { maxRetries: 1 }).get('/api/v2/funding/balance')).rejects.toBeInstanceOf(
      PayoutApiConnectionError,
    );
    expect(calls).toHaveLength(2);
  });
});

describe('PayoutApiClient errors', () => {
  it('parses a payouts 422 into messages, field errors, code and param', async () => {
    const body = {
      statusCode: 422,
      message: ['orders.2.beneficiary_amount: must be a decimal string', 'sender_profile_id: is required'],
      errors: [
        {
          field: 'orders.2.beneficiary_amount',
          code: 'invalid_string',
          message: 'orders.2.beneficiary_amount: must be a decimal string',
        },
        { field: 'sender_profile_id', code: 'required', message: 'sender_profile_id: is required' },
      ],
    };
    const { fetch } = fakeFetch([() => json(422, body)]);
    const error = (await client(fetch)
      .post('/api/v2/payouts', {})
      .catch((caught: unknown) => caught)) as PayoutApiError;
    expect(error).toBeInstanceOf(PayoutApiError);
    expect(error).toMatchObject({
      status: 422,
      type: undefined,
      code: 'invalid_string',
      param: 'orders.2.beneficiary_amount',
      messages: body.message,
      requestId: 'req_123',
    });
    expect(error.fieldErrors).toEqual(body.errors);
    expect(error.message).toContain('sender_profile_id: is required');
    expect(error.body).toEqual(body);
    // Beside its field, a person reads the message without the wire path in front.
    expect(error.fieldMessage).toBe('must be a decimal string');
  });

  it('parses the liquidity envelope into type, code, param and message', async () => {
    const body = {
      error: {
        type: 'validation_error',
        code: 'invalid_parameter',
        message: 'limit: must be at most 100',
        param: 'limit',
      },
    };
    const { fetch } = fakeFetch([() => json(422, body)]);
    const error = (await client(fetch)
      .get('/api/v2/liquidity/management/withdrawals?limit=101')
      .catch((caught: unknown) => caught)) as PayoutApiError;
    expect(error).toMatchObject({
      status: 422,
      type: 'validation_error',
      code: 'invalid_parameter',
      param: 'limit',
      message: 'limit: must be at most 100',
      messages: ['limit: must be at most 100'],
      fieldErrors: [{ field: 'limit', code: 'invalid_parameter', message: 'limit: must be at most 100' }],
    });
    expect(error.fieldMessage).toBe('must be at most 100');
  });

  it('keeps a body in neither envelope readable', async () => {
    const { fetch } = fakeFetch([() => new Response('<html>Bad gateway</html>', { status: 404 })]);
    await expect(client(fetch).get('/nowhere')).rejects.toMatchObject({
      status: 404,
      message: 'HTTP 404: <html>Bad gateway</html>',
      body: '<html>Bad gateway</html>',
      requestId: null,
    });
  });
});

describe('PayoutApiClient.send', () => {
  it('returns the raw response of one attempt without throwing or retrying', async () => {
    const { fetch, calls } = fakeFetch([
      () => json(429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '3' }),
    ]);
    const response = await client(fetch).send('GET', '/api/v2/funding/balance');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(calls).toHaveLength(1);
  });

  it('can sign something other than what it sends, or not sign at all', async () => {
    const { fetch, calls } = fakeFetch([() => json(401, {}), () => json(401, {})]);
    const api = client(fetch);
    await api.send('POST', '/api/v2/payouts', { body: { a: 1 }, signOverrides: { uri: '/api/v2/other' } });
    await api.send('GET', '/api/v2/funding/balance', { unsigned: true });
    expect(tokenOf(calls[0]!).uri).toBe('/api/v2/other');
    expect(calls[0]!.headers['idempotency-key']).toBeUndefined();
    expect(calls[1]!.headers.authorization).toBeUndefined();
    expect(calls[1]!.headers['x-api-key']).toBeUndefined();
  });
});
