// Owns the one rule for an API key's own rate limit, shared by the service, the CLI and (later) the API-key form.

/** A key may carry its own limit up to this many requests per minute. */
export const MAX_RATE_LIMIT_PER_MINUTE = 100_000;

/** Why a per-key limit is refused, or null when it is fine. */
export function rateLimitProblem(value: number): string | null {
  if (!Number.isInteger(value) || value < 1 || value > MAX_RATE_LIMIT_PER_MINUTE) {
    return `must be a whole number from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}`;
  }
  return null;
}
