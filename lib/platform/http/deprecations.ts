// Owns the headers of a deprecated operation (declared on the operation itself): Deprecation, Sunset and Link.
import type { Deprecation } from '@/lib/platform/operations/operation';

/** RFC 1123 date for Sunset, and the changelog anchor for Link. */
export function deprecationHeaders(deprecation: Deprecation, baseUrl: string): Record<string, string> {
  return {
    Deprecation: 'true',
    Sunset: deprecation.sunset.toUTCString(),
    Link: `<${new URL('/docs/changelog#deprecations', baseUrl).toString()}>; rel="deprecation"`,
  };
}
