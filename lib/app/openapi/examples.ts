// Owns reading an example out of the OpenAPI document as tools show it (Swagger UI, Redoc, mock servers): a schema's
// own example, else one composed from its parts' examples. Tests hold the server to what integrators copy.

type Json = Record<string, unknown>;

/** Follows `#/components/schemas/…` references. */
export function resolveSchema(document: Json, schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  return resolveSchema(document, (schemas[ref.replace('#/components/schemas/', '')] ?? {}) as Json);
}

/** The example a reader of the document sees for a schema, or undefined when it shows none. */
export function composedExample(document: Json, node: Json): unknown {
  const schema = resolveSchema(document, node);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (variants?.[0] && !schema.properties) return composedExample(document, variants[0]);
  if (schema.properties) {
    const entries = Object.entries(schema.properties as Record<string, Json>)
      .map(([name, property]) => [name, composedExample(document, property)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  if (schema.items) {
    const item = composedExample(document, schema.items as Json);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}
