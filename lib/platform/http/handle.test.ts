// Unit tests of the composition (createHandle) over fake hooks and a stand-in database: the steps run in DESIGN's
// order — nothing is read of a refused request's body, the body hash is checked on the bytes read, the handler runs
// last — and every answer, refused or not, carries the request id and is logged once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Principal } from '@/lib/platform/actor/actor';
import { resetEnvCache } from '@/lib/platform/env';
import { defineOperation } from '@/lib/platform/operations/operation';
import { createHandle } from './handle';
import type { Authentication, CredentialRefusal, PipelineHooks } from './pipeline/hooks';
import { testEnv, testOperation } from './pipeline/test-exchange';

vi.mock('@/db/client', () => ({ db: () => ({ name: 'pool' }) }));
vi.mock('./rate-limit', async (original) => ({
  ...(await original<typeof import('./rate-limit')>()),
  countAuthFailure: async () => ({ limit: 10, count: 1, resetAt: 2_000_000_000 }),
}));

const create = testOperation({
  id: 'testCreate',
  method: 'POST',
  body: z.object({ name: z.string() }),
  response: { status: 201, description: 'ok', schema: z.object({ id: z.string() }) },
});
const docs = defineOperation({
  id: 'testDocs',
  method: 'GET',
  path: '/api/v2/test/docs',
  summary: 'test',
  tags: ['test'],
  public: true,
  response: { status: 200, description: 'ok', schema: z.object({ ok: z.boolean() }) },
});
const actor: Principal = { via: 'api_key', orgId: 'org-1', role: 'member', apiKeyId: 'k', entitlements: [] };
const refused: CredentialRefusal = { reason: 'bad token', code: 'signature_invalid' };

let calls: string[];
let refuseKey: boolean;
const hooks: PipelineHooks = {
  authenticateKey: async () => {
    calls.push('authenticateKey');
    if (refuseKey) throw refused;
    return { actor, rateLimit: { limit: 100, count: 1, resetAt: 2_000_000_000 } } satisfies Authentication;
  },
  sessionIdOf: async () => null,
  authenticateSession: async () => {
    throw new Error('no session in these tests');
  },
  verifyRequestBody: (_authentication, rawBody) => {
    calls.push(`verifyRequestBody ${new TextDecoder().decode(rawBody)}`);
  },
  credentialRefusalOf: (error) => (error === refused ? refused : undefined),
  clientAddress: () => '192.0.2.1',
  recordStaffRead: async () => {},
  recordViewRead: async () => {},
};
const handle = createHandle(hooks);
const route = { params: Promise.resolve({}) };

const saved = { ...process.env };
let stdout: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  Object.assign(process.env, testEnv({ APP_ENV: 'sandbox' }));
  resetEnvCache();
  calls = [];
  refuseKey = false;
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  vi.restoreAllMocks();
});

/** A body that records when it is read off the wire. */
function signedPost(body: string): Request {
  const bytes = new TextEncoder().encode(body);
  // No high-water mark: nothing is pulled until someone reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        calls.push('body read');
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Request('http://x/api/v2/test', {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: {
      'x-api-key': 'pk',
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'content-length': String(bytes.byteLength),
      'x-request-id': 'req-1',
    },
  } as RequestInit);
}
const requestLines = (): Record<string, unknown>[] =>
  (stdout.mock.calls as unknown[][])
    .map((call) => JSON.parse(String(call[0])) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');

describe('createHandle', () => {
  it('authenticates, then reads the body, checks its hash, and runs the handler last', async () => {
    const route201 = handle(create, async ({ body, actor: who, db }) => {
      calls.push(`handler ${body.name} ${who.orgId} ${(db as unknown as { name: string }).name}`);
      return { id: 'new' };
    });
    const response = await route201(signedPost('{"name":"n"}'), route);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 'new' });
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.get('x-ratelimit-limit')).toBe('100');
    expect(calls).toEqual([
      'authenticateKey',
      'body read',
      'verifyRequestBody {"name":"n"}',
      'handler n org-1 pool',
    ]);
    expect(requestLines()).toEqual([
      expect.objectContaining({ status: 201, org_id: 'org-1', request_id: 'req-1' }),
    ]);
  });

  it("never reads a refused request's body, and closes its connection", async () => {
    refuseKey = true;
    const handler = vi.fn();
    const response = await handle(create, handler)(signedPost('{"name":"n"}'), route);
    expect(response.status).toBe(401);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(calls).toEqual(['authenticateKey']);
    expect(handler).not.toHaveBeenCalled();
    expect(requestLines()).toEqual([expect.objectContaining({ status: 401, request_id: 'req-1' })]);
  });

  it('a public operation asks the hooks nothing', async () => {
    const response = await handle(docs, async () => ({ ok: true }))(
      new Request('http://x/api/v2/test/docs'),
      route,
    );
    expect(response.status).toBe(200);
    expect(calls).toEqual([]);
  });
});
