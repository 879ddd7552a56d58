// Owns what the benches' bare node:http baselines (bench/bare-server.ts, bench/liquidity-bare-server.ts) share: a JSON
// answer with the headers the app sends, and a server that drains each request, turns a failure into the 500 of the
// envelope it imitates, and stops cleanly (connections, then the database pool) on SIGINT or SIGTERM.
import http from 'node:http';
import { closeDb } from '@/db/client';

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
  });
  response.end(payload);
}

/** A server answering with `serve`; `internalError` is the body of its 500. Not yet listening. */
export function bareServer(
  serve: (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>,
  internalError: unknown,
): http.Server {
  const server = http.createServer((request, response) => {
    // A GET has no body, but the request stream must still be drained for keep-alive to reuse the socket.
    request.resume();
    serve(request, response).catch((error: unknown) => {
      process.stderr.write(
        `bare-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      if (!response.headersSent) sendJson(response, 500, internalError);
      else response.destroy();
    });
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close();
      server.closeAllConnections();
      void closeDb().finally(() => process.exit(0));
    });
  }
  return server;
}
