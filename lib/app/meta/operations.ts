// Owns the declarations of the operations that describe the API itself (public: they serve no data).

import { openApiDocumentSchema } from '@/lib/app/meta/schemas';
import { defineOperation } from '@/lib/platform/operations/operation';

export const getOpenApiDocumentOperation = defineOperation({
  id: 'getOpenApiDocument',
  method: 'GET',
  path: '/api/v2/openapi.json',
  summary: 'This OpenAPI 3.1 document',
  description:
    "Generated from the schemas that validate requests. `info.version` is the SemVer of this description; the major is always the path's `v2`. Cacheable for five minutes.",
  tags: ['Meta'],
  public: true,
  response: { status: 200, description: 'The OpenAPI document', schema: openApiDocumentSchema },
});

export const metaOperations = [getOpenApiDocumentOperation];
