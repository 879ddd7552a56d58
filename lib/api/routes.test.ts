// The browser routes are the declarations minus their schemas: generated, current, and one per operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import { apiRouteOf } from '@/lib/platform/operations/operation';
import { apiRoutesSource, ROUTES_FILE } from '@/scripts/generate-api-routes';
import * as routes from './routes';

describe('lib/api/routes.ts', () => {
  it('is what scripts/generate-api-routes.ts writes for the declarations on disk (run it after changing one)', async () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(await apiRoutesSource());
  });

  it('has the route of every operation the API serves, with its method, path, body kind and idempotency', () => {
    const byId = new Map(Object.values(routes).map((route) => [route.id, route]));
    for (const operation of allOperations) expect(byId.get(operation.id)).toEqual(apiRouteOf(operation));
  });

  it('carries no schema: a page that imports it does not ship zod', () => {
    const text = readFileSync(ROUTES_FILE, 'utf8');
    expect(text).toMatch(/^import type \{ ApiRoute \} from/m);
    expect(text).not.toMatch(/^import (?!type )/m);
  });
});
