// Owns how portal pages call /api/v2 with the browser session: typed by the operation declaration (path,
// params, query, body and response), errors from either envelope as one PayoutApiError. Pages pass the
// schema-free routes of `@/lib/api/routes` (same names as the declarations), so they do not ship zod.

import { PayoutApiError, parseErrorBody } from '@/lib/platform/client/errors';
import {
  type ApiRoute,
  apiRouteOf,
  type BodyInputOf,
  type DeclarationOf,
  type Operation,
  type ParamsInputOf,
  type QueryInputOf,
  type ResponseWireOf,
} from '@/lib/platform/operations/operation';

export { PayoutApiError };

type Part<K extends string, T, Optional extends boolean = false> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Optional extends true
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * What the typed fetch calls: a browser route from `@/lib/api/routes` (what pages use), or a full declaration
 * (tests and server code; in a page it would ship the declaration's zod schemas).
 */
export type Callable = ApiRoute | Operation;

/** What a call takes, derived from the declaration: `params` and `body` when it has them, `query` optionally. */
export type ApiArgs<O extends Callable> = Part<'params', ParamsInputOf<O>> &
  Part<'query', QueryInputOf<O>, true> &
  (DeclarationOf<O> extends { bodyKind: 'multipart' } ? { body: FormData } : Part<'body', BodyInputOf<O>>) & {
    signal?: AbortSignal;
    /** Sent on POSTs; a fresh one per call unless given (pass the same one to retry safely). */
    idempotencyKey?: string;
  };

type ArgsTuple<O extends Callable> = object extends ApiArgs<O> ? [args?: ApiArgs<O>] : [args: ApiArgs<O>];

/** `/api/v2/payouts/{batchId}` + `{batchId: 'x'}` → `/api/v2/payouts/x`. */
export function pathOf(operation: Callable, params: Record<string, unknown> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new TypeError(`${operation.id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one operation as the signed-in user. Resolves with the response as the operation declares it (JSON
 * parsed, or a Blob for file answers); rejects with a PayoutApiError whichever envelope the path answers in.
 */
export async function apiFetch<O extends Callable>(
  operation: O,
  ...[args]: ArgsTuple<O>
): Promise<ResponseWireOf<O>> {
  const { params, query, body, signal, idempotencyKey } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  const route: ApiRoute = 'fileResponse' in operation ? operation : apiRouteOf(operation);
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (route.bodyKind === 'multipart') {
      payload = body as FormData;
    } else {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
  }
  if (route.idempotent) headers['idempotency-key'] = idempotencyKey ?? crypto.randomUUID();

  const response = await fetch(`${pathOf(route, params)}${searchOf(query)}`, {
    method: route.method,
    credentials: 'same-origin',
    headers,
    body: payload,
    signal,
  });
  if (!response.ok) throw parseErrorBody(response.status, response.headers, await response.text());
  if (route.fileResponse) return (await response.blob()) as ResponseWireOf<O>;
  return (await response.json()) as ResponseWireOf<O>;
}
