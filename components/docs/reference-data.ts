// Owns what the API reference pages read from the OpenAPI document: the operations by tag and the named schemas
// they link to (computed the same way on every page, so a link always has its target).
import type { OpenApiDocument } from '@/lib/platform/openapi-types';
import { type DocumentedOperation, linkedSchemas, operationsByTag, type SchemaNode } from './openapi-view';
import { webhookPayloads } from './webhook-events';

type JsonContent = { content?: Record<string, { schema?: SchemaNode }> };
const jsonSchema = (body: unknown) =>
  (body as JsonContent | undefined)?.content?.['application/json']?.schema;

/** The JSON schemas of an operation's success responses. */
export function successSchemas(operation: DocumentedOperation['operation']): SchemaNode[] {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => jsonSchema(response) ?? []);
}

export function requestSchemas(operation: DocumentedOperation['operation']): SchemaNode[] {
  const schema = jsonSchema(operation.requestBody);
  return schema ? [schema] : [];
}

export interface ReferenceData {
  document: OpenApiDocument;
  groups: { tag: string; operations: DocumentedOperation[] }[];
  /** Every named schema a page of the reference links to: what /docs/api/schemas renders. */
  schemas: string[];
}

/** The pages pass the document (lib/app builds it, without a server URL: they must not depend on the deployment). */
export function referenceData(document: OpenApiDocument): ReferenceData {
  const groups = operationsByTag(document);
  const operations = groups.flatMap((group) => group.operations);
  const schemas = linkedSchemas(document, {
    linked: operations.flatMap(({ operation }) => successSchemas(operation)),
    inline: [
      ...operations.flatMap(({ operation }) => requestSchemas(operation)),
      ...webhookPayloads(document),
    ],
  });
  return { document, groups, schemas };
}
