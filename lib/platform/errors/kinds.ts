// Owns the kinds of failure the domain names, each with its default code and message (browser-safe: no imports, so
// the code catalogue and the error class both read it without an import cycle).

/** Every kind of failure the domain names, with the code and message an error of that kind carries unless it says more. */
export const ERROR_KINDS = {
  bad_request: { code: 'invalid_request', message: 'Invalid request' },
  unauthorized: { code: 'invalid_token', message: 'Invalid credentials' },
  forbidden: { code: 'forbidden', message: 'Forbidden' },
  not_found: { code: 'resource_not_found', message: 'Not found' },
  method_not_allowed: { code: 'method_not_allowed', message: 'Method not allowed' },
  draft_limit_reached: {
    code: 'draft_limit_reached',
    message: 'The organization holds too many open draft orders',
  },
  conflict: { code: 'invalid_state', message: 'Conflict' },
  client_reference_exists: {
    code: 'client_reference_exists',
    message: 'Another profile of this kind already has this client reference',
  },
  idempotency_key_reused: {
    code: 'idempotency_key_reused',
    message: 'Idempotency-Key was already used with a different request',
  },
  idempotency_key_in_use: {
    code: 'idempotency_key_in_use',
    message: 'A request with this Idempotency-Key is still being processed',
  },
  view_already_open: {
    code: 'view_already_open',
    message: 'A support view is already open in this session: end it before starting another',
  },
  review_outdated: { code: 'review_outdated', message: 'The batch changed since it was reviewed' },
  payload_too_large: { code: 'payload_too_large', message: 'Request body is too large' },
  unsupported_media_type: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  validation: { code: 'invalid_parameter', message: 'Validation failed' },
  rate_limited: { code: 'too_many_requests', message: 'Too many requests' },
  concurrency_limited: {
    code: 'too_many_concurrent_requests',
    message: 'Too many heavy requests of this organization are running',
  },
  internal: { code: 'internal_error', message: 'Internal server error' },
  upstream: { code: 'upstream_dependency_error', message: 'An upstream dependency failed' },
  unavailable: { code: 'upstream_dependency_error', message: 'Service temporarily unavailable' },
} as const satisfies Record<string, { code: string; message: string }>;

export type ErrorKind = keyof typeof ERROR_KINDS;
