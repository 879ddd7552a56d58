// Owns the stand-ins the pipeline's step tests share: an operation at /api/v2/test, an API key's actor, and an
// exchange begun for them — so each step's test states only what it varies, and a change to what an operation must
// declare is made once here rather than in every step's test.
import { z } from 'zod';
import type { Principal } from '@/lib/platform/actor/actor';
import { defineOperation, type Operation } from '@/lib/platform/operations/operation';
import { beginExchange } from './begin';
import type { Exchange } from './exchange';

/**
 * A plain GET at /api/v2/test answering `{}`; `extra` overrides any field (id, method, body, response, …). Generic so a
 * test that declares a body or response schema keeps its types.
 */
export function testOperation<const E extends Partial<Operation>>(extra?: E): Operation & E {
  return defineOperation({
    id: 'testRead',
    method: 'GET',
    path: '/api/v2/test',
    summary: 'test',
    tags: ['test'],
    response: { status: 200, description: 'ok', schema: z.object({}) },
    ...extra,
  }) as Operation & E;
}

/** An organization's member calling with an API key. */
export const testActor: Principal = {
  via: 'api_key',
  orgId: 'org-1',
  role: 'member',
  apiKeyId: 'key-1',
  entitlements: [],
};

interface TestRequest {
  /** Who is authenticated by now; nobody by default. */
  actor?: Principal | null;
  /** The path and query asked for; /api/v2/test by default. */
  target?: string;
  headers?: Record<string, string>;
  body?: string | null;
}

/** The exchange of a request for `operation` (in its method), as the pipeline's first step begins it. */
export function testExchange(operation: Operation, sent: TestRequest = {}): Exchange {
  const { actor = null, target = '/api/v2/test', headers = {}, body = null } = sent;
  const request = new Request(`http://x${target}`, { method: operation.method, headers, body });
  const exchange = beginExchange(operation, request);
  exchange.actor = actor;
  return exchange;
}

/** The least environment the pipeline's error answers and its composition read (a database never reached, keys). */
export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  const key = Buffer.alloc(32, 1).toString('base64');
  return { DATABASE_URL: 'postgres://localhost/x', AUTH_SECRET: key, ENCRYPTION_KEY: key, ...extra };
}
