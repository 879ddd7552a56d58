// The API reference renders each named schema once and links to it: no field expands a named schema inline, and
// every link the page can show has its target.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import {
  fieldRows,
  linkedSchemas,
  operationsByTag,
  type SchemaNode,
  schemaRefOf,
  topLevelRows,
} from './openapi-view';
import { webhookPayloads } from './webhook-events';

const document = buildOpenApiDocument();
type Body = { content?: Record<string, { schema?: SchemaNode }> };
const json = (body: unknown) => (body as Body | undefined)?.content?.['application/json']?.schema;
const operations = operationsByTag(document).flatMap((group) => group.operations);
const responses = operations.flatMap(({ operation }) =>
  Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => json(response) ?? []),
);
const requests = operations.flatMap(({ operation }) => json(operation.requestBody) ?? []);

describe('the API reference', () => {
  const names = linkedSchemas(document, {
    linked: responses,
    inline: [...requests, ...webhookPayloads(document)],
  });
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;

  it('names a field that holds a named schema instead of expanding it', () => {
    const batch = fieldRows(document, { $ref: '#/components/schemas/BatchWithOrders' });
    const orders = batch.find((row) => row.name === 'orders');
    expect(orders).toMatchObject({ schema: 'Order', type: 'array of Order' });
    expect(batch.some((row) => row.name.startsWith('orders[].'))).toBe(false);
  });

  it('has a Schemas entry for every schema a table or a response links to', () => {
    const tables = [
      ...requests.map((schema) => topLevelRows(document, schema)),
      ...responses.filter((schema) => !schemaRefOf(schema)).map((schema) => topLevelRows(document, schema)),
      ...webhookPayloads(document).map((schema) => topLevelRows(document, schema)),
      ...names.map((name) => fieldRows(document, schemas[name] ?? {})),
    ];
    const targets = new Set([
      ...tables.flat().flatMap((row) => row.schema ?? []),
      ...responses.flatMap((schema) => schemaRefOf(schema) ?? []),
    ]);
    expect(targets.size).toBeGreaterThan(10);
    expect([...targets].filter((name) => !names.includes(name))).toEqual([]);
    expect(names).toContain('Batch');
  });
});
