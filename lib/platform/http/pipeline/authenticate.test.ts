// Unit tests of authentication without the body, over fake hooks: which credentials count, what the one statement is
// given, the rate limit answered in headers (429 over it), the CSRF check of a browser's state-changing request, and
// refusals from the hooks turned into the 401.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from '../error-status';
import { authenticateRequest } from './authenticate';
import { beginExchange } from './begin';
import type { Authentication, CredentialRefusal, KeyCredentials, PipelineHooks } from './hooks';
import { testActor, testOperation } from './test-exchange';

vi.mock('../rate-limit', async (original) => ({
  ...(await original<typeof import('../rate-limit')>()),
  countAuthFailure: async () => ({ limit: 10, count: 1, resetAt: 2_000_000_000 }),
}));

class Refused extends Error implements CredentialRefusal {
  constructor(
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
  }
}

const actor = testActor;
const operation = testOperation({
  id: 'testWrite',
  method: 'POST',
});
const config = { APP_ENV: 'sandbox' as const, APP_BASE_URL: 'https://portal.example' };
const limit = { maxBodyBytes: 1024 };

let keyCalls: KeyCredentials[];
let outcome: () => Promise<Authentication>;
const hooks: PipelineHooks = {
  authenticateKey: async (credentials) => {
    keyCalls.push(credentials);
    return outcome();
  },
  sessionIdOf: async (request) => request.headers.get('cookie'),
  authenticateSession: async () => outcome(),
  verifyRequestBody: () => {},
  credentialRefusalOf: (error) => (error instanceof Refused ? error : undefined),
  clientAddress: () => '192.0.2.1',
  recordStaffRead: async () => {},
  recordViewRead: async () => {},
};

beforeEach(() => {
  keyCalls = [];
  outcome = async () => ({ actor, rateLimit: { limit: 100, count: 1, resetAt: 2_000_000_000 } });
});

async function authenticate(init: RequestInit, url = 'http://x/api/v2/test?b=2&a=1') {
  const exchange = beginExchange(operation, new Request(url, { method: 'POST', ...init }));
  try {
    await authenticateRequest(hooks, operation, exchange, config, limit);
    return { exchange, refusal: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { exchange, refusal: { status: httpStatusOf(error.kind), code: error.code } };
  }
}

describe('authenticateRequest', () => {
  it('a signed request: the key, the bearer token, the uri as received and the method go to the one statement', async () => {
    const { exchange, refusal } = await authenticate({
      headers: { 'x-api-key': 'pk_1', authorization: 'Bearer a.b.c' },
    });
    expect(refusal).toBeNull();
    expect(keyCalls).toEqual([
      { apiKey: 'pk_1', token: 'a.b.c', uri: '/api/v2/test?b=2&a=1', uriTrusted: true, method: 'POST' },
    ]);
    expect(exchange.actor).toBe(actor);
    expect(exchange.headers.get('x-ratelimit-limit')).toBe('100');
    expect(exchange.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('half a signed request is 401, never a fallback to the session cookie', async () => {
    const { refusal } = await authenticate({ headers: { 'x-api-key': 'pk_1', cookie: 'session' } });
    expect(refusal).toMatchObject({ status: 401 });
    expect(keyCalls).toEqual([]);
  });

  it('no credentials at all: 401', async () => {
    expect((await authenticate({})).refusal).toMatchObject({ status: 401 });
  });

  it("a refusal thrown by the hooks is the 401; any other error is the caller's", async () => {
    outcome = async () => {
      throw new Refused('unknown key', 'key_unknown');
    };
    expect(
      (await authenticate({ headers: { 'x-api-key': 'k', authorization: 'Bearer t' } })).refusal,
    ).toMatchObject({
      status: 401,
    });
    outcome = async () => {
      throw new Error('database down');
    };
    await expect(authenticate({ headers: { 'x-api-key': 'k', authorization: 'Bearer t' } })).rejects.toThrow(
      'database down',
    );
  });

  it('over the rate limit: 429 with the counts and Retry-After, the actor known', async () => {
    outcome = async () => ({ actor, rateLimit: { limit: 100, count: 101, resetAt: 2_000_000_000 } });
    const { exchange, refusal } = await authenticate({
      headers: { 'x-api-key': 'k', authorization: 'Bearer t' },
    });
    expect(refusal).toMatchObject({ status: 429 });
    expect(exchange.actor).toBe(actor);
    expect(exchange.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(exchange.headers.get('retry-after')).not.toBeNull();
  });

  it("a browser's state-changing request must come from our own origin (403 otherwise)", async () => {
    expect(
      (await authenticate({ headers: { cookie: 's', origin: 'https://portal.example' } })).refusal,
    ).toBeNull();
    expect(
      (await authenticate({ headers: { cookie: 's', 'sec-fetch-site': 'same-origin' } })).refusal,
    ).toBeNull();
    expect(
      (await authenticate({ headers: { cookie: 's', origin: 'https://evil.example' } })).refusal,
    ).toMatchObject({
      status: 403,
    });
    expect((await authenticate({ headers: { cookie: 's' } })).refusal).toMatchObject({ status: 403 });
  });
});
