// Every request example the document shows (a schema's own, or the one tools compose from its properties'
// examples) is accepted by the schema the server validates with: an integrator who copies one gets no 422.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allOperations } from '@/lib/app/operations';
import { PARSE_OPTIONS } from '@/lib/platform/errors/field-errors';
import { bodyKindOf } from '@/lib/platform/operations/operation';
import { buildOpenApiDocument } from './document';
import { composedExample, resolveSchema } from './examples';

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;
const resolve = (schema: Json) => resolveSchema(document, schema);
const exampleOf = (schema: Json) => composedExample(document, schema);

function operationObject(path: string, method: string): Json {
  return ((document.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
}

const withJsonBody = allOperations.filter((operation) => operation.body && bodyKindOf(operation) === 'json');

/** The zod schema of each top-level field, when the body or query is an object (refined or not). */
function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema && 'shape' in schema ? (schema.shape as Record<string, z.ZodType>) : {};
}

function issuesOf(schema: z.ZodType, value: unknown) {
  return schema.safeParse(value, PARSE_OPTIONS).error?.issues ?? [];
}

describe('the examples of the document', () => {
  it.each(withJsonBody.map((operation) => [operation.id, operation] as const))(
    '%s: the request body’s example, and each field’s, is accepted',
    (_id, operation) => {
      const media = (operationObject(operation.path, operation.method).requestBody as Json).content as Json;
      const schema = (media['application/json'] as Json).schema as Json;
      const resolved = resolve(schema);
      const example = exampleOf(schema);
      const required = (resolved.required ?? []) as string[];
      const complete =
        resolved.example !== undefined ||
        required.every((name) => example && typeof example === 'object' && name in example);
      // An example tools compose from the fields' examples is shown whole only when it has every required field.
      if (complete) expect(issuesOf(operation.body!, example), JSON.stringify(example)).toEqual([]);
      for (const [name, field] of Object.entries(fieldsOf(operation.body))) {
        const property = ((resolved.properties ?? {}) as Record<string, Json>)[name];
        const value = property && exampleOf(property);
        if (value !== undefined)
          expect(issuesOf(field, value), `${name}: ${JSON.stringify(value)}`).toEqual([]);
      }
    },
  );

  it.each(
    allOperations
      .filter((operation) => operation.query)
      .map((operation) => [operation.id, operation] as const),
  )('%s: each query parameter’s example is accepted', (_id, operation) => {
    const parameters = (operationObject(operation.path, operation.method).parameters ?? []) as Json[];
    const fields = fieldsOf(operation.query);
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      const value = parameter.example ?? exampleOf((parameter.schema ?? {}) as Json);
      const field = fields[parameter.name as string];
      if (value === undefined || !field) continue;
      const wire = Array.isArray(value) ? value.join(',') : String(value);
      expect(issuesOf(field, wire), `${parameter.name}: ${wire}`).toEqual([]);
    }
  });
});
