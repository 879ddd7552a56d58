// The browser routes are the declarations minus their schemas: each area's lib/<area>/contract/routes.ts is generated,
// current, one per operation the portal may call, and carries no schema.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metaOperations } from '@/lib/app/meta/operations';
import { allOperations } from '@/lib/app/operations';
import { apiRouteOf } from '@/lib/platform/operations/operation';
import { apiRoutesSources } from '@/scripts/generate-api-routes';

const sources = await apiRoutesSources();

describe("each area's contract/routes.ts", () => {
  it('is what scripts/generate-api-routes.ts writes for the declarations on disk (run it after changing one)', () => {
    expect(sources.size).toBeGreaterThan(0);
    for (const [file, source] of sources) expect(readFileSync(file, 'utf8'), file).toBe(source);
  });

  it("has the route of every area's operation, with its method, path, body kind and idempotency", async () => {
    const byId = new Map<string, unknown>();
    for (const file of sources.keys())
      for (const route of Object.values(await import(file)) as { id: string }[]) byId.set(route.id, route);
    // The OpenAPI document's own operation (lib/app/meta) is the one no page calls.
    const served = allOperations.filter((operation) => !metaOperations.includes(operation as never));
    for (const operation of served)
      expect(byId.get(operation.id), operation.id).toEqual(apiRouteOf(operation));
  });

  it('carries no schema: a page that imports it does not ship zod', () => {
    for (const [file, text] of sources) {
      expect(text, file).toMatch(/^import type \{ ApiRoute \} from/m);
      expect(text, file).not.toMatch(/^import (?!type )/m);
    }
  });
});
