// Owns the headers of a deprecated operation (declared on the operation itself): Deprecation, Sunset and Link; and
// those of a deprecated way of calling one that stays (Deprecation and Link only).
import type { Deprecation } from '@/lib/platform/operations/operation';

/** RFC 1123 date for Sunset, and the changelog anchor for Link. */
export function deprecationHeaders(deprecation: Deprecation, baseUrl: string): Record<string, string> {
  return { ...deprecatedUseHeaders(baseUrl), Sunset: deprecation.sunset.toUTCString() };
}

/** A deprecated way of calling an operation that stays: Deprecation and Link, and no Sunset (none is scheduled). */
export function deprecatedUseHeaders(baseUrl: string): Record<string, string> {
  return {
    Deprecation: 'true',
    Link: `<${new URL('/docs/changelog#deprecations', baseUrl).toString()}>; rel="deprecation"`,
  };
}
