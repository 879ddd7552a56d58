// Owns reading the OpenAPI document for people: resolving references and flattening schemas into field rows.
import type {
  OpenApiDocument,
  OperationAccessExtensions,
  OperationObject,
} from '@/lib/platform/openapi-types';

/** A JSON Schema node as the generator emits it; read defensively (the document is data, not code). */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  additionalProperties?: boolean | SchemaNode;
}

export interface FieldRow {
  /** Dotted path, `items[].amount` for array elements. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  constraints: string[];
  /** The named schema the field holds (or holds an array of): rendered once in the Schemas section, linked here. */
  schema?: string;
}

export const HTTP_VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpVerb = (typeof HTTP_VERBS)[number];

export interface DocumentedOperation {
  method: HttpVerb;
  path: string;
  operation: OperationObject & OperationAccessExtensions;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `#/components/...` reference; anything else is returned as it is. */
export function resolveRef<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (!isRecord(value) || typeof value.$ref !== 'string') return value as T;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), document);
  return (target ?? {}) as T;
}

/** The id of a named schema's entry in the Schemas section. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

export function refName(ref: string | undefined): string | undefined {
  return ref?.split('/').pop();
}

export function operationsByTag(
  document: OpenApiDocument,
): { tag: string; operations: DocumentedOperation[] }[] {
  const groups = new Map<string, DocumentedOperation[]>();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_VERBS) {
      const operation = item[method] as DocumentedOperation['operation'] | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups.entries()]
    .filter(([, operations]) => operations.length > 0)
    .map(([tag, operations]) => ({ tag, operations }));
}

function typesOf(schema: SchemaNode): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A short type label: `string (uuid)`, `array of FundingTransaction`, `"USDT"`, `string | array of string`. */
export function typeLabel(document: OpenApiDocument, schema: SchemaNode): string {
  if (schema.$ref) return refName(schema.$ref) ?? 'object';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants
      .map((variant) => typeLabel(document, variant))
      .filter((label) => label !== 'null')
      .join(' | ');
  }
  if (schema.enum?.length === 1) return JSON.stringify(schema.enum[0]);
  const types = typesOf(schema).filter((type) => type !== 'null');
  const base = types.join(' | ') || (schema.properties ? 'object' : 'any');
  if (base === 'array' && schema.items) return `array of ${typeLabel(document, schema.items)}`;
  if (schema.format) return `${base} (${schema.format})`;
  return base;
}

function isNullable(schema: SchemaNode): boolean {
  if (typesOf(schema).includes('null')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((variant) => typesOf(variant).includes('null'));
}

function constraintsOf(schema: SchemaNode): string[] {
  const found: string[] = [];
  if (schema.enum && schema.enum.length > 1)
    found.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.pattern) found.push(`pattern ${schema.pattern}`);
  if (schema.minimum !== undefined) found.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) found.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) found.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) found.push(`max length ${schema.maxLength}`);
  if (schema.minItems !== undefined) found.push(`at least ${schema.minItems} item(s)`);
  if (schema.default !== undefined) found.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) found.push(`e.g. ${JSON.stringify(schema.example)}`);
  if (schema.additionalProperties === false) found.push('no other fields');
  return found;
}

/** The object a schema describes (through references, arrays and nullable unions), if any. */
function objectOf(document: OpenApiDocument, schema: SchemaNode, seen: Set<string>): SchemaNode | undefined {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return undefined;
    seen.add(schema.$ref);
    return objectOf(document, resolveRef<SchemaNode>(document, schema), seen);
  }
  if (schema.properties) return schema;
  const variants = (schema.anyOf ?? schema.oneOf ?? []).filter(
    (variant) => !typesOf(variant).includes('null'),
  );
  if (variants.length === 1 && variants[0]) return objectOf(document, variants[0], seen);
  return undefined;
}

function elementOf(document: OpenApiDocument, schema: SchemaNode): SchemaNode | undefined {
  const resolved = schema.$ref ? resolveRef<SchemaNode>(document, schema) : schema;
  return typesOf(resolved).includes('array') ? resolved.items : undefined;
}

/** The named schema (`#/components/schemas/X`) a property holds, directly, as array elements or as a nullable. */
export function schemaRefOf(schema: SchemaNode): string | undefined {
  if (schema.$ref) return schema.$ref.startsWith('#/components/schemas/') ? refName(schema.$ref) : undefined;
  if (schema.items && typesOf(schema).includes('array')) return schemaRefOf(schema.items);
  const variants = (schema.anyOf ?? schema.oneOf ?? []).filter(
    (variant) => !typesOf(variant).includes('null'),
  );
  return variants.length === 1 && variants[0] ? schemaRefOf(variants[0]) : undefined;
}

/**
 * Every field of an object schema, nested fields as dotted paths, to a few levels. A field that holds a named
 * schema is not expanded: it names the schema (`row.schema`), which the page renders once in its Schemas section —
 * expanding it under every operation that returns it made the page megabytes of repeated rows.
 */
export function fieldRows(document: OpenApiDocument, schema: SchemaNode, prefix = '', depth = 0): FieldRow[] {
  const object = objectOf(document, schema, new Set());
  if (!object?.properties || depth > 4) return [];
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(object.properties)) {
    const resolved = property.$ref ? resolveRef<SchemaNode>(document, property) : property;
    const path = `${prefix}${name}`;
    const named = schemaRefOf(property);
    rows.push({
      name: path,
      depth,
      type: typeLabel(document, property),
      required: object.required?.includes(name) ?? false,
      nullable: isNullable(resolved),
      description: property.description ?? resolved.description,
      constraints: constraintsOf(resolved),
      ...(named ? { schema: named } : {}),
    });
    if (named) continue;
    const element = elementOf(document, property);
    if (element) rows.push(...fieldRows(document, element, `${path}[].`, depth + 1));
    else rows.push(...fieldRows(document, property, `${path}.`, depth + 1));
  }
  return rows;
}

/** Rows for a top-level schema: an array's elements appear as `[].field`. */
export function topLevelRows(document: OpenApiDocument, schema: SchemaNode): FieldRow[] {
  const element = elementOf(document, schema);
  return element ? fieldRows(document, element, '[].') : fieldRows(document, schema);
}

/**
 * The named schemas the page links to, in alphabetical order: those `linked` stand for (a response that is a named
 * schema) and every named schema a rendered table names, followed through each other. `inline` schemas are shown
 * where they are used (request bodies, webhook payloads); only what they name is linked.
 */
export function linkedSchemas(
  document: OpenApiDocument,
  { linked, inline }: { linked: readonly SchemaNode[]; inline: readonly SchemaNode[] },
): string[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const found = new Set<string>();
  const link = (schema: SchemaNode) => {
    const named = schemaRefOf(schema);
    if (!named) return expand(schema);
    if (found.has(named) || !schemas[named]) return;
    found.add(named);
    expand(schemas[named]);
  };
  const expand = (schema: SchemaNode) => {
    for (const row of topLevelRows(document, schema))
      if (row.schema) link({ $ref: `#/components/schemas/${row.schema}` });
    for (const variant of schema.anyOf ?? schema.oneOf ?? []) link(variant);
  };
  for (const schema of linked) link(schema);
  for (const schema of inline) expand(schema);
  return [...found].sort((a, b) => a.localeCompare(b));
}
