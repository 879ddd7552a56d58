// Owns the one rule for where the app may send someone after signing in (or any other redirect target a request
// names): only a path of this site, never a URL a browser would resolve to another host.

const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid';
/** Control characters and backslashes: browsers drop tabs and newlines and read `\` as `/` in http(s) URLs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const AMBIGUOUS = /[\u0000-\u001f\u007f\\]/;
const MAX_LENGTH = 2048;

/**
 * `value` normalised to `path?query#fragment` when it can only mean a path of this origin, else `fallback`.
 * Refused: absolute and protocol-relative URLs, `/\host`, `/<tab>/host` (the browser strips the tab and reads
 * `//host`), the same spelled with percent escapes in the path, and anything the URL parser moves to another origin.
 */
export function sameOriginPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || AMBIGUOUS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  // A router or server that decodes the path once must not find a second host inside it either.
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decodedPath.startsWith('//') || AMBIGUOUS.test(decodedPath)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
