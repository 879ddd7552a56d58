// The OpenAPI document: valid 3.1, SemVer, exactly the routes that exist, and every error in the right envelope.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import { areaOfPath } from '@/lib/platform/http/area';
import { HTTP_METHODS, type HttpMethod, isSessionOnly } from '@/lib/platform/operations/operation';
import { listRouteFiles } from '@/test/route-table';
import type { OperationObject, ResponseOrRef } from '../../platform/openapi-types';
import { buildOpenApiDocument, generateOpenApiDocument } from './document';
import { API_VERSION } from './version';

const document = buildOpenApiDocument();

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function documentedOperations(): { method: HttpMethod; path: string; operation: OperationObject }[] {
  const found: { method: HttpMethod; path: string; operation: OperationObject }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method.toLowerCase() as 'get'];
      if (operation) found.push({ method, path, operation });
    }
  }
  return found;
}

/** Follows a `#/components/...` reference within the document. */
function resolve<T>(value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const target = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (target === undefined) throw new Error(`unresolved reference ${value.$ref}`);
    return target as T;
  }
  return value as T;
}

function errorSchemaRef(response: ResponseOrRef): string | undefined {
  const resolved = resolve(response) as { content?: Record<string, { schema?: { $ref?: string } }> };
  return resolved.content?.['application/json']?.schema?.$ref;
}

function allRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) allRefs(child, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else allRefs(value, found);
    }
  }
  return found;
}

const v2RouteFiles = listRouteFiles().filter(
  (route) => route.nextPath.startsWith('/api/v2/') && !route.segments.some((s) => s.startsWith('[...')),
);

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema and every reference resolves', async () => {
    const validator = new Validator();
    // As a client receives it: plain JSON.
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    for (const reference of new Set(allRefs(document)))
      expect(() => resolve({ $ref: reference })).not.toThrow();
  });

  it('carries a SemVer info.version whose major is the path version', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION);
    expect(document.info.version).toMatch(
      /^2\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/,
    );
  });

  it('lists exactly the declared operations, each with a unique operationId', () => {
    const documented = documentedOperations().map(({ method, path }) => `${method} ${path}`);
    const declared = allOperations.map((operation) => `${operation.method} ${operation.path}`);
    expect(documented.sort()).toEqual([...declared].sort());
    const ids = documentedOperations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(allOperations.map((operation) => operation.id).sort());
  });

  it('has a route file for every operation, and an operation for every /api/v2 route file', () => {
    const routePaths = new Set(v2RouteFiles.map((route) => route.openApiPath));
    const operationPaths = new Set(allOperations.map((operation) => operation.path));
    for (const path of operationPaths) expect(routePaths, `no route file serves ${path}`).toContain(path);
    for (const path of routePaths)
      expect(operationPaths, `${path} has no declared operation`).toContain(path);
  });

  it('documents exactly the methods each route file serves (the others answer 405 with Allow)', async () => {
    for (const route of v2RouteFiles) {
      const declared = allOperations
        .filter((operation) => operation.path === route.openApiPath)
        .map((operation) => operation.method);
      const unserved = HTTP_METHODS.find((method) => !declared.includes(method));
      if (!unserved) continue;
      const module = (await import(/* @vite-ignore */ route.file)) as Record<string, Handler | undefined>;
      const url = `http://localhost:3000${route.nextPath.replace(/\[([^\]]+)\]/g, '00000000-0000-7000-8000-000000000000')}`;
      const response = await module[unserved]!(new Request(url, { method: unserved }), {
        params: Promise.resolve({}),
      });
      expect(response.status, `${unserved} ${route.openApiPath}`).toBe(405);
      const allow = (response.headers.get('allow') ?? '')
        .split(',')
        .map((method) => method.trim())
        .filter((method) => method && method !== 'HEAD' && method !== 'OPTIONS');
      expect(allow.sort(), route.openApiPath).toEqual([...declared].sort());
    }
  });

  it('documents 401 and 429 on every authenticated operation, in the envelope of its path', () => {
    for (const operation of allOperations) {
      const documented = document.paths?.[operation.path]?.[operation.method.toLowerCase() as 'get'];
      const responses = (documented?.responses ?? {}) as Record<string, ResponseOrRef>;
      if (operation.public) {
        expect(documented?.security).toEqual([]);
        expect(responses['401']).toBeUndefined();
        continue;
      }
      const envelope =
        areaOfPath(operation.path) === 'liquidity'
          ? '#/components/schemas/LiquidityError'
          : '#/components/schemas/PayoutsError';
      for (const status of ['401', '429', '500']) {
        expect(responses[status], `${operation.id} ${status}`).toBeDefined();
        expect(errorSchemaRef(responses[status]!), `${operation.id} ${status}`).toBe(envelope);
      }
      const tooMany = resolve(responses['429']!) as { headers?: Record<string, unknown> };
      expect(Object.keys(tooMany.headers ?? {})).toEqual(
        expect.arrayContaining([
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'Retry-After',
        ]),
      );
      const success = resolve(responses[String(operation.response.status)]!) as {
        headers?: Record<string, unknown>;
      };
      expect(Object.keys(success.headers ?? {})).toEqual(
        expect.arrayContaining([
          'X-Request-Id',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]),
      );
      expect(documented?.security).toEqual(
        isSessionOnly(operation)
          ? [{ sessionCookie: [] }]
          : [{ apiKey: [], bearerJwt: [] }, { sessionCookie: [] }],
      );
    }
  });

  it('chooses the liquidity envelope for liquidity paths', () => {
    const probe = generateOpenApiDocument([
      {
        ...allOperations.find((operation) => operation.id === 'getFundingBalance')!,
        id: 'probeLiquidity',
        path: '/api/v2/liquidity/management/probe',
      },
    ]);
    const responses = probe.paths?.['/api/v2/liquidity/management/probe']?.get?.responses as Record<
      string,
      { $ref?: string }
    >;
    expect(responses['401']?.$ref).toBe('#/components/responses/Liquidity401');
    const unauthorized = probe.components?.responses?.Liquidity401 as {
      content: Record<string, { schema: { $ref: string }; examples: Record<string, { value: unknown }> }>;
    };
    expect(unauthorized.content['application/json']?.schema.$ref).toBe('#/components/schemas/LiquidityError');
    expect(unauthorized.content['application/json']?.examples.unauthorized?.value).toEqual({
      error: { type: 'auth_error', code: 'invalid_token', message: 'Invalid or missing credentials' },
    });
  });

  it('defines both security schemes and the two error envelopes as components', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      bearerJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'payout.session-token' },
    });
    expect(document.components?.schemas).toHaveProperty('PayoutsError');
    expect(document.components?.schemas).toHaveProperty('LiquidityError');
  });

  it('marks deprecated operations with their sunset date, from the declaration itself', () => {
    const deprecated = allOperations.filter((operation) => operation.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const declared of deprecated) {
      const operation = document.paths?.[declared.path]?.[declared.method.toLowerCase() as 'get'];
      expect(operation?.deprecated, declared.id).toBe(true);
      expect(operation?.description).toContain(declared.deprecated!.sunset.toUTCString());
    }
    const live = document.paths?.['/api/v2/funding/addresses']?.get;
    expect(live?.deprecated).toBeUndefined();
  });

  it('documents Idempotency-Key on idempotent POSTs, and nullable fields as type arrays', () => {
    const deposit = document.paths?.['/api/v2/sandbox/deposits']?.post;
    expect(deposit?.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
    expect(Object.keys(deposit?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '413', '415', '422', '429', '500']),
    );
    const movement = document.components?.schemas?.FundingTransaction as {
      properties: Record<string, { type?: unknown }>;
    };
    expect(movement.properties.reference_type?.type).toEqual(['string', 'null']);
  });

  it('describes pagination parameters as bounded integers', () => {
    const parameters = document.paths?.['/api/v2/funding/transactions']?.get?.parameters ?? [];
    expect(parameters).toContainEqual(
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 50 }),
      }),
    );
  });

  it('is built once per process and frozen', () => {
    expect(buildOpenApiDocument()).toBe(document);
    // Shared between requests, so nobody may change it.
    expect(Object.isFrozen(document.paths)).toBe(true);
  });
});
