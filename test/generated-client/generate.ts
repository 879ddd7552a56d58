// Writes the types openapi-typescript generates from the live OpenAPI document to `.generated/schema.d.ts` (ignored
// by git: they are made fresh from the document on every test run, so they can never drift from it).
// `npm run client:types` runs it by hand, to read or edit flow.ts with the types in an editor.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const GENERATED_SCHEMA = path.join(import.meta.dirname, '.generated', 'schema.d.ts');

export async function writeClientTypes(outFile = GENERATED_SCHEMA): Promise<string> {
  // A plain JSON copy, as a generator reads it from /api/v2/openapi.json.
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument()));
  const source = astToString(await openapiTS(document));
  await mkdir(path.dirname(outFile), { recursive: true });
  await writeFile(outFile, source);
  return outFile;
}

if (process.argv[1] === import.meta.filename) {
  console.log(`wrote ${path.relative(process.cwd(), await writeClientTypes())}`);
}
