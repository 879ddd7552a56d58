// GET /api/v2/openapi.json through the real handler: public, JSON, cacheable, the generated 3.1 document.
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '@/lib/app/openapi/version';
import { routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';

await useTestDatabase();

describe('GET /api/v2/openapi.json', () => {
  it('answers without credentials with the OpenAPI 3.1 document', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    // Public: not counted, so no rate-limit headers.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      servers: { url: string }[];
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION);
    // Relative: a saved copy does not carry the host that served it.
    expect(document.servers[0]?.url).toBe('/');
    expect(Object.keys(document.paths)).toContain('/api/v2/openapi.json');
  });

  it('ignores credentials it does not need and refuses other methods with 405', async () => {
    const withJunk = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`, {
      headers: { 'x-api-key': 'nonsense', authorization: 'Bearer nonsense' },
    });
    expect(withJunk.status).toBe(200);
    const post = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await post.json()).toMatchObject({ statusCode: 405 });
  });
});

describe('the served document describes the spec endpoints as they behave', () => {
  interface Parameter {
    name: string;
    in: string;
    schema: Record<string, unknown>;
  }
  async function operationOf(path: string, method: string) {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
    const document = (await response.json()) as {
      info: { description: string };
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    return { document, operation: document.paths[path]![method]! };
  }
  const parameter = (parameters: Parameter[] | undefined, name: string) =>
    parameters?.find((p) => p.name === name);

  it("a Batch lists its makers, and confirm's body admits no field but review_digest", async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
    const document = (await response.json()) as {
      components: {
        schemas: Record<
          string,
          { required?: string[]; properties?: Record<string, unknown> } & Record<string, unknown>
        >;
      };
    };
    const { Batch, BatchMaker, ConfirmBatchRequest } = document.components.schemas;
    expect(Batch?.required).toContain('makers');
    expect(Batch?.properties?.makers).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/BatchMaker' },
    });
    expect(BatchMaker?.required).toEqual(expect.arrayContaining(['type', 'id', 'name', 'user_id']));
    expect(ConfirmBatchRequest).toMatchObject({ additionalProperties: false });
    expect(Object.keys(ConfirmBatchRequest?.properties ?? {})).toEqual(['review_digest']);
  });

  it('utilization proofs: the optional limit and page are integers with their bounds, not free strings', async () => {
    const { operation } = await operationOf('/api/v2/liquidity/utilization/proofs', 'get');
    const limit = parameter(operation.parameters, 'limit');
    const page = parameter(operation.parameters, 'page');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(page?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    // Without limit and page the whole list comes back, so neither may claim a default.
    expect(limit?.schema).not.toHaveProperty('default');
    expect(page?.schema).not.toHaveProperty('default');
  });

  it('liquidity path ids are UUIDs, as every id on the wire', async () => {
    for (const [path, name] of [
      ['/api/v2/liquidity/utilization/proof-of-settlement/route/{routeId}', 'routeId'],
      ['/api/v2/liquidity/utilization/proof-of-settlement/{proofId}/content', 'proofId'],
      ['/api/v2/liquidity/management/withdrawals/{withdrawalId}', 'withdrawalId'],
    ] as const) {
      const { operation } = await operationOf(path, 'get');
      expect(parameter(operation.parameters, name)?.schema, path).toMatchObject({
        type: 'string',
        format: 'uuid',
      });
    }
  });

  it('the overview does not promise money is never a JSON number (utilization proofs and corridors are)', async () => {
    const { document } = await operationOf('/api/v2/liquidity/utilization/proofs', 'get');
    expect(document.info.description).not.toMatch(/never a JSON number\./);
    expect(document.info.description).toMatch(/utilization proof `amount`/);
  });

  it('refusals made after authentication document the rate-limit headers they carry', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const createBatch = document.paths['/api/v2/payouts']!.post!.responses;
    for (const status of ['400', '403', '409', '422']) {
      expect(Object.keys(createBatch[status]?.headers ?? {}), status).toEqual(
        expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
      );
    }
    const proofs =
      document.paths['/api/v2/liquidity/utilization/proof-of-settlement/route/{routeId}']!.get!.responses;
    expect(Object.keys(proofs['404']?.headers ?? {})).toContain('X-RateLimit-Remaining');
  });
});
