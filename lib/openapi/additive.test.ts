// Within v2 the document changes only by additions: everything the published 2.0.0 document promised is still there.
import { describe, expect, it } from 'vitest';
import baseline from './baseline-2.0.0.json';
import { buildOpenApiDocument } from './document';

type Json = Record<string, unknown>;
const current = JSON.parse(
  JSON.stringify(buildOpenApiDocument({ serverUrl: 'http://localhost:3000' })),
) as Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], node);

/** Every property a schema promised keeps its type; nothing that was optional in a request becomes required. */
function expectSchemaKept(before: Json, after: Json, where: string): void {
  expect(after, where).toBeDefined();
  if (before.type !== undefined) expect(after.type, `${where}.type`).toEqual(before.type);
  if (Array.isArray(before.enum))
    expect(after.enum, `${where}.enum`).toEqual(expect.arrayContaining(before.enum));
  for (const [name, property] of Object.entries((before.properties ?? {}) as Record<string, Json>)) {
    const kept = at(after, 'properties', name) as Json | undefined;
    expect(kept, `${where}.properties.${name}`).toBeDefined();
    if (property.type !== undefined)
      expect(kept?.type, `${where}.properties.${name}.type`).toEqual(property.type);
    if (property.$ref !== undefined)
      expect(kept?.$ref, `${where}.properties.${name}.$ref`).toEqual(property.$ref);
  }
}

describe('the OpenAPI document against the published 2.0.0', () => {
  it('keeps every path, method, parameter and documented status', () => {
    for (const [path, item] of Object.entries(baseline.paths as Record<string, Json>)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const before = item[method] as Json;
        const after = at(current, 'paths', path, method) as Json | undefined;
        expect(after, `${method} ${path}`).toBeDefined();
        expect(after?.operationId).toBe(before.operationId);
        for (const status of Object.keys(before.responses as Json)) {
          expect(at(after, 'responses', status), `${method} ${path} ${status}`).toBeDefined();
        }
        const names = (list: unknown) =>
          ((list ?? []) as Json[]).map((p) => (p.$ref as string | undefined) ?? `${p.in}:${p.name}`);
        expect(names(after?.parameters)).toEqual(expect.arrayContaining(names(before.parameters)));
      }
    }
  });

  it('keeps every component with its properties and types', () => {
    for (const section of ['schemas', 'responses', 'headers', 'parameters', 'securitySchemes']) {
      for (const [name, before] of Object.entries(
        (at(baseline, 'components', section) ?? {}) as Record<string, Json>,
      )) {
        const after = at(current, 'components', section, name) as Json | undefined;
        expect(after, `components.${section}.${name}`).toBeDefined();
        if (section === 'schemas') expectSchemaKept(before, after!, `components.schemas.${name}`);
      }
    }
  });
});
