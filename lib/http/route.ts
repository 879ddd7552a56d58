// Owns turning a route file's operations into Next's method exports: unknown methods answer 405 with Allow.

import { HTTP_METHODS, type HttpMethod } from '@/lib/api/operation';
import { ApiError } from '@/lib/errors/api-error';
import { areaOfPath } from './area';
import type { NextRouteHandler } from './handle';
import { errorResponse } from './render-error';
import { requestIdFrom } from './request-id';

export type RouteHandlers = Record<HttpMethod, NextRouteHandler>;

/** `export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: handle(op, fn) })` */
export function route(handlers: Partial<Record<HttpMethod, NextRouteHandler>>): RouteHandlers {
  const allowed = HTTP_METHODS.filter((method) => handlers[method]);
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  const notAllowed: NextRouteHandler = async (request) => {
    const error = new ApiError('method_not_allowed', `Method ${request.method} is not allowed here`, {
      headers: { Allow: allow },
    });
    return errorResponse(
      areaOfPath(new URL(request.url).pathname),
      error,
      new Headers({ 'X-Request-Id': requestIdFrom(request.headers) }),
    );
  };
  return Object.fromEntries(
    HTTP_METHODS.map((method) => [method, handlers[method] ?? notAllowed]),
  ) as RouteHandlers;
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
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, notFound])) as RouteHandlers;
}
