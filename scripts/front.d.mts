// Types of scripts/front.mjs for TypeScript importers (its tests and the benchmark).
import type http from 'node:http';

export const MAX_TRUSTED_PROXY_HOPS: number;
export function parseTrustedProxyHops(value: string | undefined): number;
export function clientAddressOf(request: http.IncomingMessage, trustedHops: number): string;
export const DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS: number;
export function parseWriteTimeout(value: string | undefined): number;
export function createFront(options: {
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
  trustedProxyHops: number;
  idleTimeoutMs?: number;
}): http.Server;
export function listen(server: http.Server, port: number, hostname: string | undefined): Promise<void>;
