// Owns calling the real route handlers in-process, as Next would, for integration tests.
import { PayoutApiClient } from '@/lib/client/client';
import { now } from '@/lib/clock';
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
  return handler(request, { params: Promise.resolve(match.params) });
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
