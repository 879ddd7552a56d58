// Owns the registry of deprecated operations: each adds Deprecation, Sunset and Link headers to its responses.

export interface Deprecation {
  /** Date after which the operation may be removed (at least 90 days after announcement). */
  sunset: Date;
  /** What replaces it, for the changelog. */
  replacement: string;
}

/** Keyed by `METHOD /path/pattern` as in the OpenAPI document. */
export const DEPRECATED_OPERATIONS: Record<string, Deprecation> = {
  'GET /api/v2/funding/address': {
    sunset: new Date('2027-03-31T00:00:00Z'),
    replacement: 'GET /api/v2/funding/addresses',
  },
};

export function deprecationFor(method: string, pathPattern: string): Deprecation | undefined {
  return DEPRECATED_OPERATIONS[`${method} ${pathPattern}`];
}

/** RFC 1123 date for Sunset, and the changelog anchor for Link. */
export function deprecationHeaders(deprecation: Deprecation, baseUrl: string): Record<string, string> {
  return {
    Deprecation: 'true',
    Sunset: deprecation.sunset.toUTCString(),
    Link: `<${new URL('/docs/changelog#deprecations', baseUrl).toString()}>; rel="deprecation"`,
  };
}
