// Within v2 the document changes only by additions: everything a published document promised is still there.
import { describe, expect, it } from 'vitest';
import baseline200 from './baseline-2.0.0.json';
import baseline221 from './baseline-2.2.1.json';
import { buildOpenApiDocument } from './document';
import { surfaceOf } from './surface';

type Json = Record<string, unknown>;
const current = surfaceOf(JSON.parse(JSON.stringify(buildOpenApiDocument())));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Each published document, as its promise surface (`surfaceOf`; 2.2.1 is stored that way). */
const BASELINES: [string, Json][] = [
  ['2.0.0', surfaceOf(baseline200)],
  ['2.2.1', baseline221 as Json],
];

/**
 * Corrections, not breaking changes (2.4.0, see the changelog): request fields the server has always refused when
 * missing or null, which the document described as optional and nullable. Listed one by one so nothing else can
 * slip through; the test below keeps the list exact.
 */
const REQUEST_CORRECTIONS: Record<string, readonly string[]> = {
  CreateSenderRequest: ['type', 'legal_name', 'country', 'address_line1', 'city', 'contact_email'],
  CreateBeneficiaryRequest: ['type', 'name', 'country', 'address_line1', 'city', 'currency', 'bank_name'],
};

/**
 * Security fixes that tighten a request on purpose (2.7.0, see the changelog): a staff decision that clears a
 * screening hit must give its rationale, as a rejection gives its reason. Staff-only operations; listed one by one.
 */
const REQUEST_TIGHTENINGS: Record<string, readonly string[]> = {
  ReviewDecision: ['reason'],
};

/**
 * Statuses the document listed that the server can never answer (2.7.0, see the changelog): a read's body never
 * reaches the server (Next drops a GET's body), so a GET is never refused for bad JSON, and a GET whose only 400 was
 * that one no longer lists 400 (a GET with a business 400 still does).
 */
const isRemovedStatus = (method: string, status: string) => method === 'get' && status === '400';

const isCorrection = (schema: string, property: string) =>
  (REQUEST_CORRECTIONS[schema]?.includes(property) ?? false) ||
  (REQUEST_TIGHTENINGS[schema]?.includes(property) ?? false);

const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], node);

/** Every property a schema promised keeps its type (bar a listed correction). */
function expectSchemaKept(before: Json, after: Json, where: string, name: string): void {
  expect(after, where).toBeDefined();
  if (before.type !== undefined) expect(after.type, `${where}.type`).toEqual(before.type);
  if (Array.isArray(before.enum))
    expect(after.enum, `${where}.enum`).toEqual(expect.arrayContaining(before.enum));
  for (const [property, promised] of Object.entries((before.properties ?? {}) as Record<string, Json>)) {
    const kept = at(after, 'properties', property) as Json | undefined;
    expect(kept, `${where}.properties.${property}`).toBeDefined();
    if (promised.type !== undefined && !isCorrection(name, property))
      expect(kept?.type, `${where}.properties.${property}.type`).toEqual(promised.type);
    if (promised.$ref !== undefined)
      expect(kept?.$ref, `${where}.properties.${property}.$ref`).toEqual(promised.$ref);
  }
}

/** The request bodies' component schemas of a surface. */
function requestSchemaNames(surface: Json): Set<string> {
  const names = new Set<string>();
  for (const item of Object.values((surface.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      for (const media of Object.values(
        (at(operation, 'requestBody', 'content') ?? {}) as Record<string, Json>,
      )) {
        const ref = at(media, 'schema', '$ref');
        if (typeof ref === 'string') names.add(ref.replace('#/components/schemas/', ''));
      }
    }
  }
  return names;
}

describe.each(BASELINES)('the OpenAPI document against the published %s', (_version, baseline) => {
  it('keeps every path, method, parameter and documented status', () => {
    for (const [path, item] of Object.entries(baseline.paths as Record<string, Json>)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const before = item[method] as Json;
        const after = at(current, 'paths', path, method) as Json | undefined;
        expect(after, `${method} ${path}`).toBeDefined();
        expect(after?.operationId).toBe(before.operationId);
        for (const status of Object.keys(before.responses as Json)) {
          if (isRemovedStatus(method, status)) continue;
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
        if (section === 'schemas') expectSchemaKept(before, after!, `components.schemas.${name}`, name);
      }
    }
  });

  it('requires no request field it did not require (bar the listed corrections)', () => {
    for (const name of requestSchemaNames(baseline)) {
      const before = new Set((at(baseline, 'components', 'schemas', name, 'required') ?? []) as string[]);
      const after = (at(current, 'components', 'schemas', name, 'required') ?? []) as string[];
      const added = after.filter((field) => !before.has(field) && !isCorrection(name, field));
      expect(added, `components.schemas.${name}.required`).toEqual([]);
    }
  });
});

describe('the request-schema corrections of 2.4.0', () => {
  it('lists only fields the document now requires, of request schemas 2.2.1 had', () => {
    const published = requestSchemaNames(baseline221 as Json);
    for (const [name, fields] of Object.entries(REQUEST_CORRECTIONS)) {
      expect(published.has(name), name).toBe(true);
      const required = (at(current, 'components', 'schemas', name, 'required') ?? []) as string[];
      expect(required, name).toEqual(expect.arrayContaining([...fields]));
    }
  });
});
