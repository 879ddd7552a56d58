// The API reference renders each named schema once and links to it: no field expands a named schema inline, and
// every link the pages can show has its target on /docs/api/schemas.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { fieldRows, operationsByTag, type SchemaNode, schemaRefOf, topLevelRows } from './openapi-view';
import { referenceData } from './reference-data';
import { tagSlug } from './reference-paths';
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
  // What /docs/api/schemas renders; the tables are recomputed here from the document on their own.
  const names = referenceData(document).schemas;
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

  it('gives each tag its own page address (none taken twice, none the schemas page)', () => {
    const slugs = referenceData(document).groups.map(({ tag }) => tagSlug(tag));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).not.toContain('schemas');
    expect(slugs).not.toContain('webhook-events');
    expect(slugs).toContain('liquidity-management');
  });
});
