// Owns the wire shape of the documents that describe the API (the OpenAPI document itself).
import { z } from 'zod';

export const openApiDocumentSchema = z
  .object({
    openapi: z.string().meta({ example: '3.1.0' }),
    info: z
      .object({
        title: z.string(),
        version: z.string().meta({ description: 'SemVer of this description of v2', example: '2.0.0' }),
      })
      .loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose()
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document (this one)' });
