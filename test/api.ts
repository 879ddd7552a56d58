// Owns calling the real route handlers in-process, as Next would, for integration tests.

import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import {
  documentedFieldErrorCodes,
  documentedOutcomes,
  uncataloguedFieldErrorCode,
  undocumentedAnswer,
} from '@/lib/app/openapi/documented-responses';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { now } from '@/lib/platform/clock';
import { listRouteFiles, matchRoute } from './route-table';

export const TEST_BASE_URL = 'http://localhost:3000';

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

const routes = listRouteFiles();

/** A fetch that dispatches to the app's route handlers (no server), so tests exercise exactly the production code. */
export async function routeFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const request = new Request(url, init);
  const { pathname } = new URL(request.url);
  const match = matchRoute(routes, pathname);
  if (!match) throw new Error(`no route file serves ${pathname} (Next would answer its own 404 page)`);
  const module = (await import(/* @vite-ignore */ match.route.file)) as Record<string, Handler | undefined>;
  const handler = module[request.method];
  if (!handler) return new Response(null, { status: 405 });
  const response = await handler(request, { params: Promise.resolve(match.params) });
  await expectDocumented(request.method, match.route.openApiPath, response);
  return response;
}

/**
 * Every answer a route test observes must be one the OpenAPI document lists for its operation (status, and an
 * error's code): an undeclared status or code fails the test that met it, naming what to declare. Paths and
 * methods the document does not describe (405s, `/api/auth`) are left to their own tests.
 */
async function expectDocumented(method: string, path: string, response: Response): Promise<void> {
  const outcomes = documentedOutcomes(buildOpenApiDocument(), method, path);
  if (!outcomes) return;
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  const body = response.status >= 400 && isJson ? await response.clone().json() : undefined;
  const problem =
    undocumentedAnswer(outcomes, response.status, body) ??
    uncataloguedFieldErrorCode(documentedFieldErrorCodes(buildOpenApiDocument()), body);
  if (problem) {
    throw new Error(
      `${method} ${path} answered what its OpenAPI operation does not document: ${problem}. Declare the code in the operation's \`errors\` (lib/api/operations) from the catalogue in lib/platform/errors/codes.ts (an \`errors[].code\`: lib/platform/errors/field-codes.ts).`,
    );
  }
}

export interface TestCredentials {
  apiKey: string;
  privateKeyPem: string;
  sharedSecret: string;
}

/** The real signing client, wired to the in-process route handlers, with no retries unless asked. */
export function apiClient(
  credentials: TestCredentials,
  options: { maxRetries?: number } = {},
): PayoutApiClient {
  return new PayoutApiClient({
    baseUrl: TEST_BASE_URL,
    ...credentials,
    fetch: routeFetch,
    maxRetries: options.maxRetries ?? 0,
    sleep: async () => {},
    // Tokens are issued on the app's clock, so tests that move time keep client and server in step.
    now: () => now().getTime(),
  });
}

/** A client that keeps the last request it sent exactly as signed, so a test can send that token again. */
export function capturingClient(credentials: TestCredentials): {
  client: PayoutApiClient;
  last?: RequestInit;
} {
  const capture: { client: PayoutApiClient; last?: RequestInit } = { client: apiClient(credentials) };
  Object.assign(capture.client, {
    fetchImpl: async (url: string, init: RequestInit) => {
      capture.last = init;
      return routeFetch(url, init);
    },
  });
  return capture;
}

/**
 * `method path` sent with an organization's API key, a body as its JSON text: how the tests show that a staff-only
 * route does not exist for a key, whatever it is sent.
 */
export function sendByKey(credentials: TestCredentials, method: string, path: string, body?: unknown) {
  return apiClient(credentials).send(
    method,
    path,
    body ? { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {},
  );
}
