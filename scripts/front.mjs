// Owns the HTTP front `npm start` serves through: one node:http server in the same process as Next (its custom-server
// API) that decides the client address from the socket, or from TRUSTED_PROXY_HOPS proxies in front of it, before Next
// sees the request. Next keeps a client-sent X-Forwarded-For and route handlers never see the socket, so this is the
// only place the address can be established. It also passes on the request target exactly as it arrived, which Next
// re-serialises before a route handler sees it (lib/platform/http/incoming.mjs).
import http from 'node:http';
import { markIncoming } from '../lib/platform/http/incoming.mjs';

/** Same rule as lib/platform/env.ts (which validates it at start-up, in the migrate step): a whole number 0–20. */
export const MAX_TRUSTED_PROXY_HOPS = 20;

/** @param {string | undefined} value @returns {number} */
export function parseTrustedProxyHops(value) {
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value) || Number(value) > MAX_TRUSTED_PROXY_HOPS) {
    throw new Error(
      `TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS} (got "${value}")`,
    );
  }
  return Number(value);
}

/**
 * The client's address: with no trusted proxy, the socket's peer; behind N trusted proxies, the hop the outermost
 * trusted proxy saw (each proxy appends the address it received from to X-Forwarded-For). Hops a client wrote
 * itself sit further left and are never used.
 * @param {import('node:http').IncomingMessage} request @param {number} trustedHops @returns {string}
 */
export function clientAddressOf(request, trustedHops) {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress];
  // chain.at(-1) is our direct peer (the nearest trusted proxy); the client is `trustedHops` further left.
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socketAddress;
}

/** Same default as lib/platform/env.ts's STREAM_WRITE_TIMEOUT_SECONDS (validated there at start-up, in the migrate step). */
export const DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS = 60;

/** @param {string | undefined} value @returns {number} milliseconds */
export function parseWriteTimeout(value) {
  if (value === undefined || value === '') return DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS * 1000;
  if (!/^[1-9]\d*$/.test(value)) {
    throw new Error(
      `STREAM_WRITE_TIMEOUT_SECONDS must be a whole number of seconds above 0 (got "${value}")`,
    );
  }
  return Number(value) * 1000;
}

/**
 * The front: replaces X-Forwarded-For with the one address it established (lib/identity/server/auth/client-address.ts reads it),
 * drops X-Real-IP, sets X-Payout-Raw-Target to the target on the socket (a client's own is overwritten) and hands
 * an unsupported method on /api paths to the route as OPTIONS (lib/platform/http/incoming.mjs), then calls `handler`. With
 * `idleTimeoutMs`, a connection on which nothing moves for that long is closed: a client that stops reading a
 * streamed answer (Next then waits for the socket to drain, forever) or stops sending its request. Requests end
 * within the database's statement timeout (15 s), far below it.
 * @param {{ handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown, trustedProxyHops: number, idleTimeoutMs?: number }} options
 */
export function createFront({ handler, trustedProxyHops, idleTimeoutMs }) {
  const server = http.createServer((request, response) => {
    request.headers['x-forwarded-for'] = clientAddressOf(request, trustedProxyHops);
    delete request.headers['x-real-ip'];
    markIncoming(request);
    void handler(request, response);
  });
  if (idleTimeoutMs) {
    server.setTimeout(idleTimeoutMs, (socket) => {
      // Idle keep-alive connections are closed by keepAliveTimeout long before; this one is in a request.
      process.stderr.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg: 'connection closed: nothing moved on it', idle_timeout_ms: idleTimeoutMs })}\n`,
      );
      socket.destroy();
    });
  }
  return server;
}

/** Listens, or explains in one line which port is taken. @param {http.Server} server @param {number} port @param {string | undefined} hostname */
export function listen(server, port, hostname) {
  return new Promise((resolve, reject) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${port} is already in use (another server listens on it). Stop it, or start on another port: PORT=${port + 1} npm start`,
          ),
        );
      } else reject(error);
    });
    server.listen(port, hostname, () => resolve(undefined));
  });
}

/** Serves the built app (`.next`) through the front. */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.FRONT_HOSTNAME || undefined;
  const trustedProxyHops = parseTrustedProxyHops(process.env.TRUSTED_PROXY_HOPS);
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? 'localhost', port });
  // Bind before preparing Next, so a taken port is reported at once; requests wait until Next is ready.
  const ready = app.prepare().then(() => app.getRequestHandler());
  const server = createFront({
    handler: async (req, res) => (await ready)(req, res),
    trustedProxyHops,
    idleTimeoutMs: parseWriteTimeout(process.env.STREAM_WRITE_TIMEOUT_SECONDS),
  });
  await listen(server, port, hostname);
  await ready;
  console.log(
    `  ▲ Next.js serving on port ${port} through the front (trusted proxy hops: ${trustedProxyHops})`,
  );
  let closing = false;
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      server.close();
      server.closeAllConnections();
      void app.close().finally(() => process.exit(0));
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
