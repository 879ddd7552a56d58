// Serves GET /api/v2/openapi.json: the public OpenAPI document, cacheable briefly.

import { handle } from '@/lib/app/handle';
import { getOpenApiDocumentOperation } from '@/lib/app/meta/operations';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOpenApiDocumentOperation, async () =>
    // The handler's Response keeps its own cache-control; the wrapper only adds X-Request-Id.
    Response.json(buildOpenApiDocument(), {
      headers: { 'cache-control': 'public, max-age=300' },
    }),
  ),
});
