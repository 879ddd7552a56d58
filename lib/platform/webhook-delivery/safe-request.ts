// Owns the only way the server calls an integrator's URL: checked scheme, one DNS lookup whose every address must be
// public, a connection to exactly the address that was checked (original Host and TLS name), no redirects, a hard
// timeout and a capped response body.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ADDRESS_CLASS_LABELS, classifyAddress } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => {
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

let resolver: Resolver = systemResolver;

/** Test-only: answer lookups from a table (e.g. a name that resolves to a private address); undefined restores DNS. */
export function setResolverForTests(replacement: Resolver | undefined): void {
  resolver = replacement ?? systemResolver;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** A URL or address that may not be called; `message` is safe to show to the organization. */
export class UnsafeTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: allows http and internal addresses (local testing only). */
  allowPrivate: boolean;
}

/** Checks the URL's form: https (http only when private targets are allowed), no credentials, a host. */
export function parseWebhookUrl(raw: string, policy: TargetPolicy): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    throw new UnsafeTargetError(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('must be an absolute https URL');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UnsafeTargetError('must be an https URL');
  if (url.username || url.password) throw new UnsafeTargetError('must not contain credentials');
  if (!url.hostname) throw new UnsafeTargetError('must name a host');
  if (url.hash) throw new UnsafeTargetError('must not contain a fragment');
  return url;
}

/** The URL's host without IPv6 brackets, as DNS and the address classifier take it. */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolves the host once and checks every address it resolves to (a name with one internal address among public ones
 * is refused: the choice of address must not decide safety). Returns the address to connect to.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<ResolvedAddress> {
  const hostname = bareHostname(url);
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(hostname);
    } catch {
      throw new UnsafeTargetError(`host ${hostname} could not be resolved`);
    }
    if (addresses.length === 0) throw new UnsafeTargetError(`host ${hostname} could not be resolved`);
  }
  if (!policy.allowPrivate) {
    for (const entry of addresses) {
      const verdict = classifyAddress(entry.address);
      if (verdict.class !== 'public') {
        throw new UnsafeTargetError(
          `must not point to ${ADDRESS_CLASS_LABELS[verdict.class]} (${hostname} resolves to ${verdict.address})`,
        );
      }
    }
  }
  // IPv4 first: most receivers and hosts have it; the choice is among addresses that all passed the check.
  return addresses.find((entry) => entry.family === 4) ?? addresses[0]!;
}

/** A lookup that answers with the checked address only, so the socket cannot go anywhere else. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

export interface OutboundRequest {
  url: URL;
  /** The checked address (from resolveTarget). */
  target: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Bytes of the response body kept; the rest is not read. */
  maxResponseBytes: number;
  /** Test-only: extra trusted CA certificates (PEM), for a local TLS receiver. */
  trustedCa?: string;
}

export type OutboundResult =
  | { ok: true; status: number; body: string; latencyMs: number }
  | { ok: false; error: string; latencyMs: number; status?: undefined; body?: undefined };

function describeTransportError(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `Timed out after ${timeoutMs / 1000} s`;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset by the receiver';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate not accepted (${code})`;
    case 'HPE_HEADER_OVERFLOW':
      return 'Response headers too large';
    default:
      return code ? `Connection failed (${code})` : 'Connection failed';
  }
}

/**
 * Kept-alive connections, one agent per checked address: a delivery reuses a socket only when it is connected to the
 * very address this attempt's own check allowed (the key holds it), so pinning is as strict as with a fresh socket,
 * and receivers are spared a TCP (and TLS) handshake per event. Idle sockets close after IDLE_SOCKET_MS, before the
 * usual 5 s of a server's keep-alive; the least recently used agent goes beyond MAX_AGENTS.
 */
const IDLE_SOCKET_MS = 4_000;
const MAX_AGENTS = 256;
const MAX_IDLE_SOCKETS_PER_AGENT = 8;
const agents = new Map<string, http.Agent>();

function agentFor(request: OutboundRequest): http.Agent {
  const { url, target } = request;
  const key = [url.protocol, url.hostname, url.port, target.address, request.trustedCa ?? ''].join('|');
  const found = agents.get(key);
  if (found) {
    agents.delete(key);
    agents.set(key, found);
    return found;
  }
  const options = {
    keepAlive: true,
    timeout: IDLE_SOCKET_MS,
    maxFreeSockets: MAX_IDLE_SOCKETS_PER_AGENT,
    scheduling: 'lifo' as const,
    lookup: pinnedLookup(target),
  };
  const agent =
    url.protocol === 'https:'
      ? new https.Agent({ ...options, ...(request.trustedCa ? { ca: request.trustedCa } : {}) })
      : new http.Agent(options);
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) {
    const [oldest, evicted] = agents.entries().next().value as [string, http.Agent];
    agents.delete(oldest);
    evicted.destroy();
  }
  return agent;
}

/** POSTs once. Never follows redirects (a 3xx is an answer like any other non-2xx). */
export function postOnce(request: OutboundRequest): Promise<OutboundResult> {
  return post(request, true);
}

function post(request: OutboundRequest, reuse: boolean): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url } = request;
  const module = url.protocol === 'https:' ? https : http;
  const hostname = bareHostname(url);

  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };

    const outgoing = module.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: pinnedLookup(request.target),
      // A kept-alive socket only to the address checked for this attempt (agentFor); a retry after a stale one: none.
      agent: reuse ? agentFor(request) : false,
      ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
      ...(request.trustedCa ? { ca: request.trustedCa } : {}),
    });

    // One deadline for connecting, sending, the answer and its (capped) body.
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(new Error('timeout'));
    }, request.timeoutMs);

    outgoing.on('error', (error) => {
      const code = (error as { code?: string }).code;
      // A kept-alive socket the receiver closed just as we reused it: nothing was answered, so try once on a new one.
      if (!settled && !timedOut && outgoing.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) {
        settled = true;
        clearTimeout(timer);
        resolve(post(request, false));
        return;
      }
      finish({
        ok: false,
        error: describeTransportError(error, request.timeoutMs, timedOut),
        latencyMs: elapsed(),
      });
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      /** `complete`: the body was read to its end, so the socket may serve the next delivery. */
      const done = (complete: boolean) => {
        if (settled) return;
        if (timedOut) {
          finish({
            ok: false,
            error: describeTransportError(null, request.timeoutMs, true),
            latencyMs: elapsed(),
          });
          return;
        }
        const body = Buffer.concat(chunks).subarray(0, request.maxResponseBytes).toString('utf8');
        finish({ ok: true, status: response.statusCode ?? 0, body, latencyMs: elapsed() });
        if (!complete) {
          // Whatever is left is not ours to read, and the socket is not reused.
          response.destroy();
          outgoing.destroy();
        }
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < request.maxResponseBytes) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        if (kept >= request.maxResponseBytes) done(false);
      });
      response.on('end', () => done(true));
      // A body cut short still leaves its status: the receiver answered.
      response.on('error', () => done(false));
      response.on('close', () => done(false));
    });
    outgoing.end(request.body);
  });
}
