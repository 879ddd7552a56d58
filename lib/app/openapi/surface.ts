// Owns the promise surface of an OpenAPI document: what a published version committed clients to (operations,
// statuses, parameters, request bodies, schema properties, types, enums and required fields), without prose, so a
// release's document can be kept as a small baseline and later documents compared with it (additive.test.ts).

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function schemaSurface(schema: Json): Json {
  const surface: Json = {};
  if (schema.$ref !== undefined) surface.$ref = schema.$ref;
  if (schema.type !== undefined) surface.type = schema.type;
  if (Array.isArray(schema.enum)) surface.enum = schema.enum;
  if (Array.isArray(schema.required)) surface.required = schema.required;
  if (schema.properties && typeof schema.properties === 'object') {
    surface.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>).map(([name, property]) => [
        name,
        Object.fromEntries(
          (['type', '$ref'] as const)
            .filter((key) => property[key] !== undefined)
            .map((key) => [key, property[key]]),
        ),
      ]),
    );
  }
  return surface;
}

function operationSurface(operation: Json): Json {
  const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  return {
    operationId: operation.operationId,
    responses: Object.fromEntries(
      Object.keys((operation.responses ?? {}) as Json).map((status) => [status, {}]),
    ),
    parameters: ((operation.parameters ?? []) as Json[]).map((parameter) =>
      parameter.$ref !== undefined ? { $ref: parameter.$ref } : { in: parameter.in, name: parameter.name },
    ),
    ...(operation.requestBody
      ? {
          requestBody: {
            content: Object.fromEntries(
              Object.entries(content).map(([type, media]) => [
                type,
                { schema: schemaSurface((media.schema ?? {}) as Json) },
              ]),
            ),
          },
        }
      : {}),
  };
}

/** The surface of a whole document. */
export function surfaceOf(document: unknown): Json {
  const doc = document as Json;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const components = (doc.components ?? {}) as Record<string, Record<string, Json>>;
  return {
    info: { version: (doc.info as Json | undefined)?.version },
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, item]) => [
        path,
        Object.fromEntries(
          METHODS.filter((method) => item[method]).map((method) => [
            method,
            operationSurface(item[method] as Json),
          ]),
        ),
      ]),
    ),
    components: Object.fromEntries(
      ['schemas', 'responses', 'headers', 'parameters', 'securitySchemes'].map((section) => [
        section,
        Object.fromEntries(
          Object.entries(components[section] ?? {}).map(([name, value]) => [
            name,
            section === 'schemas' ? schemaSurface(value) : {},
          ]),
        ),
      ]),
    ),
  };
}
