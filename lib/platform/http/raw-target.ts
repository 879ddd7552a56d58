// Owns the signed `uri` of a request: the request target exactly as it arrived on the socket, which Next re-serialises
// (it groups repeated parameters, drops a trailing `?`, rewrites `?a` as `?a=`, puts number-like names first) before a
// route handler sees `request.url`. The front of `npm start` and, under plain `next start`, the request hook
// installed from instrumentation.ts copy the socket's target into RAW_TARGET_HEADER (lib/platform/http/incoming.mjs),
// replacing whatever a client sent in it; the wrapper takes it only when it names the very request Next routed.
import { RAW_TARGET_HEADER } from './incoming.mjs';

/** Stands in for the scheme and host so a target starting `//` stays a path instead of naming a host. */
const PARSE_BASE = 'http://target.invalid';

/** `http://host/p?q` (absolute form, as sent to a proxy) → `/p?q`; the origin form is kept as it is. */
function originForm(target: string): string | null {
  if (target.startsWith('/')) return target;
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (!absolute) return null;
  const rest = target.slice(absolute[0].length);
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}

/** Parameters by name with their values in order: what a handler reads, whatever the order of names. */
function queryPairs(params: URLSearchParams): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const [name, value] of params) {
    const values = pairs.get(name);
    if (values) values.push(value);
    else pairs.set(name, [value]);
  }
  return pairs;
}

function samePairs(a: Map<string, string[]>, b: Map<string, string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, values] of a) {
    const other = b.get(name);
    if (!other || other.length !== values.length) return false;
    for (let index = 0; index < values.length; index += 1) if (other[index] !== values[index]) return false;
  }
  return true;
}

export interface SignedUri {
  /** What the token's `uri` claim must equal, byte for byte. */
  uri: string;
  /** False when the raw target is not the request Next routed: no token is accepted for it. */
  trusted: boolean;
}

/**
 * The uri a signed request's token is compared with. Without the header (in-process tests, a server started some
 * other way) it is the path and query Next gives; with it, the header's target, trusted only when it parses to the
 * routed path and the same query pairs — otherwise the target is not the request that was routed and the token is
 * refused (`uri_mismatch`).
 */
export function signedUriOf(headers: Headers, routed: URL): SignedUri {
  const raw = headers.get(RAW_TARGET_HEADER);
  if (raw === null) return { uri: `${routed.pathname}${routed.search}`, trusted: true };
  const target = originForm(raw);
  if (target === null || target.includes('#')) return { uri: raw, trusted: false };
  let parsed: URL;
  try {
    parsed = new URL(`${PARSE_BASE}${target}`);
  } catch {
    return { uri: target, trusted: false };
  }
  const trusted =
    parsed.pathname === routed.pathname &&
    (parsed.search === routed.search ||
      samePairs(queryPairs(parsed.searchParams), queryPairs(routed.searchParams)));
  return { uri: target, trusted };
}

/**
 * Whether the target on the socket carries a fragment (`/p#x`): HTTP clients never send one, and no signature can be
 * meant for it (Next routes the target without it). Only a server that sets RAW_TARGET_HEADER sees it.
 */
export function targetHasFragment(headers: Headers): boolean {
  return headers.get(RAW_TARGET_HEADER)?.includes('#') ?? false;
}

/** The query as a handler reads it, independent of the order of names: for comparing two requests' queries. */
export function canonicalQuery(params: URLSearchParams): [string, string[]][] {
  return [...queryPairs(params)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
