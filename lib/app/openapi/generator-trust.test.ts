// What a code generator reads from the document: every error code an operation declares under its status with a
// real example, named list pages, binary parts with their content types, session-only security, webhook
// operationIds, relative servers, 405 and the links from createBatch.
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import { ERROR_CODES } from '@/lib/platform/errors/codes';
import { httpStatusOf } from '@/lib/platform/http/error-status';
import { isSessionOnly } from '@/lib/platform/operations/operation';
import { buildOpenApiDocument } from './document';
import { documentedOutcomes, undocumentedAnswer } from './documented-responses';

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;
const paths = document.paths as Record<string, Record<string, Json>>;
const components = document.components as Record<string, Record<string, Json>>;
const operationAt = (path: string, method: string) => paths[path]![method]!;
const codesAt = (path: string, method: string, status: number) => [
  ...(documentedOutcomes(buildOpenApiDocument(), method, path)?.get(status) ?? []),
];

describe('error codes', () => {
  it('lists each code an operation declares under its status, with an example carrying it', () => {
    for (const operation of allOperations) {
      for (const code of operation.errors ?? []) {
        const status = httpStatusOf(ERROR_CODES[code].kind);
        expect(codesAt(operation.path, operation.method, status), `${operation.id} ${status}`).toContain(
          code,
        );
      }
    }
  });

  it('names what the server answers, not a generic code (the issue’s cases)', () => {
    expect(codesAt('/api/v2/payouts', 'POST', 400)).toContain('orders_invalid');
    expect(codesAt('/api/v2/payouts', 'POST', 400)).not.toContain('invalid_request');
    expect(codesAt('/api/v2/payouts/{batchId}/confirm', 'POST', 409)).toEqual(
      expect.arrayContaining(['quote_expired', 'batch_not_awaiting_confirmation']),
    );
    expect(codesAt('/api/v2/orders/{orderId}/receipt', 'GET', 409)).toContain('invalid_state');
    expect(codesAt('/api/v2/senders/{senderId}', 'PATCH', 409)).toContain('invalid_state');
    expect(codesAt('/api/v2/beneficiaries/{beneficiaryId}', 'PATCH', 409)).toContain('invalid_state');
  });

  it('describes each code under the status it is answered with', () => {
    const confirm = operationAt('/api/v2/payouts/{batchId}/confirm', 'post');
    const conflict = (confirm.responses as Json)['409'] as Json;
    expect(conflict.description).toContain('`quote_expired`');
    const example = ((conflict.content as Json)['application/json'] as Json).examples as Json;
    expect((example.quote_expired as Json).value).toEqual({
      statusCode: 409,
      code: 'quote_expired',
      message: 'quote expired: re-quote the batch',
    });
  });
});

describe('the check route tests apply to every answer (test/api.ts)', () => {
  it('accepts a documented status and code, and names what is not documented', () => {
    const confirm = documentedOutcomes(buildOpenApiDocument(), 'POST', '/api/v2/payouts/{batchId}/confirm')!;
    expect(undocumentedAnswer(confirm, 200, { batch: {} })).toBeNull();
    expect(undocumentedAnswer(confirm, 409, { statusCode: 409, code: 'quote_expired' })).toBeNull();
    expect(undocumentedAnswer(confirm, 409, { statusCode: 409, code: 'made_up' })).toContain('`made_up`');
    expect(undocumentedAnswer(confirm, 418, {})).toContain('status 418 is not documented');
    const wallet = documentedOutcomes(
      buildOpenApiDocument(),
      'POST',
      '/api/v2/liquidity/management/wallets',
    )!;
    expect(
      undocumentedAnswer(wallet, 409, { error: { type: 'validation_error', code: 'wallet_exists' } }),
    ).toBeNull();
    expect(documentedOutcomes(buildOpenApiDocument(), 'TRACE', '/api/v2/payouts')).toBeUndefined();
  });
});

describe('shapes a generator names', () => {
  it('gives every list a named page schema', () => {
    const lists = allOperations.filter((operation) => {
      const schema = (
        (operationAt(operation.path, operation.method.toLowerCase()).responses as Json)['200'] as Json
      )?.content as Json | undefined;
      const json = schema?.['application/json'] as Json | undefined;
      const ref = (json?.schema as Json | undefined)?.$ref as string | undefined;
      return ref?.endsWith('Page');
    });
    expect(lists.length).toBeGreaterThanOrEqual(20);
    expect(components.schemas!.SenderPage).toMatchObject({
      type: 'object',
      properties: { items: { type: 'array' }, meta: { $ref: '#/components/schemas/PageMeta' } },
    });
    // A list that takes cursors says whether more follow.
    expect(components.schemas!.WithdrawalPage).toMatchObject({
      type: 'object',
      properties: { items: { type: 'array' }, meta: { $ref: '#/components/schemas/CursorPageMeta' } },
    });
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(
          (operation.responses ?? {}) as Record<string, Json>,
        )) {
          const schema = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)
            ?.schema as Json | undefined;
          const inline = schema && !schema.$ref && (schema.properties as Json | undefined)?.meta;
          expect(inline, `${method} ${path} ${status}: an inline {items, meta}`).toBeFalsy();
        }
      }
    }
  });

  it('describes file answers and multipart file parts as binary with their content types', () => {
    const receipt = (operationAt('/api/v2/orders/{orderId}/receipt', 'get').responses as Json)['200'] as Json;
    expect(receipt.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    const upload = (
      (operationAt('/api/v2/senders/{senderId}/files', 'post').requestBody as Json).content as Json
    )['multipart/form-data'] as Json;
    expect(upload.schema).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } } });
    expect(upload.encoding).toEqual({ file: { contentType: 'application/pdf, image/png, image/jpeg' } });
  });

  it('lists only the browser session on operations API keys are not served', () => {
    for (const operation of allOperations.filter((o) => !o.public)) {
      const security = operationAt(operation.path, operation.method.toLowerCase()).security;
      if (isSessionOnly(operation)) expect(security, operation.id).toEqual([{ sessionCookie: [] }]);
      else expect(security, operation.id).toContainEqual({ apiKey: [], bearerJwt: [] });
    }
  });

  it('gives every webhook an operationId, unique across the document', () => {
    const webhooks = Object.values(document.webhooks as Record<string, Record<string, Json>>).map(
      (item) => item.post!.operationId,
    );
    expect(webhooks.every((id) => typeof id === 'string')).toBe(true);
    expect(webhooks).toContain('onOrderCompleted');
    const all = [...webhooks, ...allOperations.map((operation) => operation.id)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('names no deployment host: servers are relative, sandbox and production', () => {
    const servers = document.servers as { url: string }[];
    expect(servers.map((server) => server.url)).toEqual(['/', '{sandbox_base_url}', '{base_url}']);
  });

  it('documents 405 in each envelope, with Allow', () => {
    for (const name of ['PayoutsMethodNotAllowed', 'LiquidityMethodNotAllowed']) {
      expect(components.responses![name], name).toMatchObject({
        headers: { Allow: { $ref: '#/components/headers/Allow' } },
      });
    }
    expect((document.info as Json).description).toContain('PayoutsMethodNotAllowed');
  });

  it('links createBatch to reading, confirming and discarding the batch it made', () => {
    const created = (operationAt('/api/v2/payouts', 'post').responses as Json)['201'] as Json;
    const links = created.links as Record<string, Json>;
    expect(Object.keys(links)).toEqual(['getBatch', 'confirmBatch', 'discardBatch']);
    const ids = new Set(allOperations.map((operation) => operation.id));
    for (const link of Object.values(links)) {
      expect(ids.has(link.operationId as string)).toBe(true);
      expect(link.parameters).toEqual({ batchId: '$response.body#/batch/id' });
    }
    // The expression points at a property the answer has: BatchWithOrders.batch.id.
    const answer = components.schemas!.BatchWithOrders as { properties: { batch: { $ref: string } } };
    const batch = components.schemas![answer.properties.batch.$ref.split('/').pop()!] as Json;
    expect((batch.properties as Json).id).toBeDefined();
  });
});
