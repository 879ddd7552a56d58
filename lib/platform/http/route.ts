// Owns turning a route file's handlers into Next's method exports: OPTIONS names the route's methods, and any other
// method answers 405 with the same Allow, in the path's envelope.

import { ApiError } from '@/lib/platform/errors/api-error';
import { HTTP_METHODS, type HttpMethod } from '@/lib/platform/operations/operation';
import { areaOfPath } from './area';
import type { NextRouteHandler } from './handle';
import { UNSUPPORTED_METHOD_HEADER } from './incoming.mjs';
import { errorResponse } from './render-error';
import { requestIdFrom } from './request-id';

/** What a route file exports: every method Next can route to us. */
export type RouteHandlers = Record<HttpMethod | 'OPTIONS', NextRouteHandler>;

/**
 * A handler with Next's route-handler shape, whatever its own context type (next-auth's, health's): `never` accepts
 * every context type, and Next passes each route its own.
 */
type AnyRouteHandler = (request: Request, context: never) => Promise<Response>;

/** The Allow header of a route: its methods, HEAD where GET is served, and OPTIONS (always answered). */
export function allowOf(methods: readonly HttpMethod[]): string {
  const allowed = HTTP_METHODS.filter((method) => methods.includes(method));
  return [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
}

function notAllowed(request: Request, allow: string): Response {
  // A method Next cannot route (TRACE…) reaches us as OPTIONS, naming the method sent (lib/platform/http/incoming.mjs).
  const method = request.headers.get(UNSUPPORTED_METHOD_HEADER) ?? request.method;
  const error = new ApiError('method_not_allowed', `Method ${method} is not allowed here`);
  return errorResponse(
    areaOfPath(new URL(request.url).pathname),
    error,
    new Headers({ Allow: allow, 'X-Request-Id': requestIdFrom(request.headers) }),
  );
}

/** `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: handle(op, fn) })` */
export function route(handlers: Partial<Record<HttpMethod, AnyRouteHandler>>): RouteHandlers {
  const allow = allowOf(HTTP_METHODS.filter((method) => handlers[method]));
  const refuse: NextRouteHandler = async (request) => notAllowed(request, allow);
  const options: NextRouteHandler = async (request) => {
    if (request.headers.has(UNSUPPORTED_METHOD_HEADER)) return notAllowed(request, allow);
    return new Response(null, {
      status: 204,
      headers: { Allow: allow, 'X-Request-Id': requestIdFrom(request.headers) },
    });
  };
  return {
    ...(Object.fromEntries(HTTP_METHODS.map((method) => [method, handlers[method] ?? refuse])) as Record<
      HttpMethod,
      NextRouteHandler
    >),
    OPTIONS: options,
  };
}

/** Every method of a path that does not exist: 404 in the path's envelope (and `/api/v1/*`, which is sunset). */
export function notFoundRoute(): RouteHandlers {
  const notFound: NextRouteHandler = async (request) => {
    const path = new URL(request.url).pathname;
    const message =
      path.startsWith('/api/v1/') || path === '/api/v1' ? 'API v1 has been sunset; use /api/v2' : 'Not found';
    return errorResponse(
      areaOfPath(path),
      new ApiError('not_found', message),
      new Headers({ 'X-Request-Id': requestIdFrom(request.headers) }),
    );
  };
  return Object.fromEntries(
    [...HTTP_METHODS, 'OPTIONS'].map((method) => [method, notFound]),
  ) as RouteHandlers;
}
