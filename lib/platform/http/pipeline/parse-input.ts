// Owns reading the path and query into the operation's schemas: a path value the schema refuses names no resource
// (404, never 422); a query parameter the operation does not take is refused by the sandbox and named by production.
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { IGNORED_PARAMETERS_HEADER, ignoredParameters, ignoredParametersHeader, parseQuery } from '../query';
import { type RefusalContext, refuse } from '../refusals';
import type { Exchange } from './exchange';
import type { RouteContext } from './handler-context';

/** The path parameters, parsed (undefined when the operation declares none: Next's params are not even awaited). */
export async function parseParams(
  operation: Operation,
  routeContext: RouteContext,
  context: RefusalContext,
): Promise<unknown> {
  if (!operation.params) return undefined;
  const parsed = operation.params.safeParse(await routeContext.params);
  if (!parsed.success) throw refuse('no_such_resource', operation, context);
  return parsed.data;
}

/** The query, parsed; parameters the operation does not take are refused (sandbox) or named in a header. */
export function parseQueryOf(
  operation: Operation,
  exchange: Exchange,
  config: Pick<Env, 'APP_ENV'>,
  context: RefusalContext,
): unknown {
  const params = exchange.url.searchParams;
  // A misspelt filter must not pass for an answer to the question asked: the sandbox refuses it, production
  // answers and names it.
  const ignored = ignoredParameters(operation.query, params);
  if (ignored.length > 0 && config.APP_ENV === 'sandbox')
    throw refuse('unknown_parameter', operation, context, JSON.stringify(ignored));
  if (ignored.length > 0) exchange.headers.set(IGNORED_PARAMETERS_HEADER, ignoredParametersHeader(ignored));
  return parseQuery(operation.query, params);
}
