// Owns finding the app's API route files and matching a path to one, as Next's router does (static, then dynamic, then catch-all).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface RouteFile {
  /** Path with Next segments, e.g. `/api/v2/liquidity/utilization/proof-of-settlement/route/[routeId]`. */
  nextPath: string;
  /** OpenAPI form of the same path, e.g. `/api/v2/…/route/{routeId}`; catch-alls are excluded from it. */
  openApiPath: string;
  file: string;
  segments: string[];
}

const appDir = path.resolve(import.meta.dirname, '..', 'app');

export function listRouteFiles(dir = path.join(appDir, 'api')): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...listRouteFiles(full));
    else if (entry === 'route.ts') {
      const segments = path
        .relative(appDir, dir)
        .split(path.sep)
        .filter((segment) => !/^\(.*\)$/.test(segment));
      const nextPath = `/${segments.join('/')}`;
      const openApiPath = `/${segments.map((s) => s.replace(/^\[([^.\]]+)\]$/, '{$1}')).join('/')}`;
      found.push({ nextPath, openApiPath, file: full, segments });
    }
  }
  return found;
}

function rank(segment: string): number {
  if (segment.startsWith('[...')) return 2;
  if (segment.startsWith('[')) return 1;
  return 0;
}

/** The route file serving `pathname` and its params, or undefined when none does. */
export function matchRoute(
  routes: RouteFile[],
  pathname: string,
): { route: RouteFile; params: Record<string, string | string[]> } | undefined {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const candidates: { route: RouteFile; params: Record<string, string | string[]>; score: number[] }[] = [];
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < route.segments.length; i += 1) {
      const segment = route.segments[i]!;
      const kind = rank(segment);
      score.push(kind);
      if (kind === 2) {
        const rest = parts.slice(i);
        if (rest.length === 0) ok = false;
        params[segment.slice(4, -1)] = rest;
        i = route.segments.length;
        break;
      }
      const part = parts[i];
      if (part === undefined) {
        ok = false;
        break;
      }
      if (kind === 1) params[segment.slice(1, -1)] = part;
      else if (segment !== part) {
        ok = false;
        break;
      }
    }
    const consumedAll = route.segments.some((s) => rank(s) === 2) || route.segments.length === parts.length;
    if (ok && consumedAll) candidates.push({ route, params, score });
  }
  candidates.sort((a, b) => {
    for (let i = 0; i < Math.max(a.score.length, b.score.length); i += 1) {
      const diff = (a.score[i] ?? 0) - (b.score[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  });
  return candidates[0];
}
