// Owns what the server writes onto a request before Next sees it: the request target exactly as it arrived on the
// socket (Next re-serialises the query before a route handler sees it, and signed tokens cover the target byte for
// byte) and, on /api paths, a method Next cannot serve. Plain JavaScript because the front of `npm start`
// (scripts/front.mjs) runs it unbundled; under plain `next start` the hook installed from instrumentation.ts runs it.

/** The raw request target, set from the socket; a client's own value is overwritten. */
export const RAW_TARGET_HEADER = 'x-payout-raw-target';
/** The method a client sent when Next cannot serve it (TRACE, PROPFIND…); a client's own value is dropped. */
export const UNSUPPORTED_METHOD_HEADER = 'x-payout-unsupported-method';

/** The methods Next's route handlers can receive (its own list); anything else never reaches our code. */
const NEXT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH']);
const API_TARGET = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?\/api(?:[/?]|$)/;
/** In the global registry: the front and Next's bundle of the hook each load their own copy of this module. */
const MARKED = Symbol.for('payout.incoming');

/**
 * Marks one request, once (the front and the hook may both see it). An unsupported method on an /api path becomes
 * OPTIONS, which every API route file serves itself (lib/platform/http/route.ts), carrying the method sent so the route
 * answers 405 with its Allow in the path's envelope; Next would otherwise answer a bare 400, or 500 for TRACE.
 * @param {import('node:http').IncomingMessage} request
 */
export function markIncoming(request) {
  const marked = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (request));
  if (marked[MARKED]) return;
  marked[MARKED] = true;
  const target = request.url ?? '/';
  request.headers[RAW_TARGET_HEADER] = target;
  delete request.headers[UNSUPPORTED_METHOD_HEADER];
  const method = request.method ?? 'GET';
  if (!NEXT_METHODS.has(method) && API_TARGET.test(target)) {
    request.headers[UNSUPPORTED_METHOD_HEADER] = method;
    request.method = 'OPTIONS';
  }
}
