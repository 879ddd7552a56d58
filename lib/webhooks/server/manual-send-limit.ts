// Owns the bound on deliveries people ask for by hand (test events and re-sends): counted per endpoint and per
// organization in PostgreSQL, so no client can use the platform to flood a host, whichever instance answers.

import { nowSeconds } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { countHit } from '@/lib/platform/rate-limit/counters';
import { isLimited, type RateLimitState } from '@/lib/platform/rate-limit/window';

/** Fixed windows of one minute (real time); the limits are WEBHOOK_MANUAL_SENDS_PER_ENDPOINT / _PER_ORGANIZATION. */
export const MANUAL_SEND_WINDOW_SECONDS = 60;

function refusal(scope: 'endpoint' | 'organization', state: RateLimitState): ApiError {
  const retryAfter = Math.max(1, state.resetAt - nowSeconds());
  return new ApiError(
    'rate_limited',
    `Too many test events and re-sends for this ${scope} (at most ${state.limit} a minute): retry in ${retryAfter} s`,
    { code: 'webhook_send_limit', retryAfterSeconds: retryAfter },
  );
}

/** Counts one manual send to `endpointId`; throws `rate_limited` (with the seconds to wait) past either limit. */
export async function admitManualSend(orgId: string, endpointId: string): Promise<void> {
  const [perEndpoint, perOrganization] = await Promise.all([
    countHit(
      `webhook-manual-endpoint:${endpointId}`,
      env().WEBHOOK_MANUAL_SENDS_PER_ENDPOINT,
      MANUAL_SEND_WINDOW_SECONDS,
    ),
    countHit(
      `webhook-manual-org:${orgId}`,
      env().WEBHOOK_MANUAL_SENDS_PER_ORGANIZATION,
      MANUAL_SEND_WINDOW_SECONDS,
    ),
  ]);
  if (isLimited(perEndpoint)) throw refusal('endpoint', perEndpoint);
  if (isLimited(perOrganization)) throw refusal('organization', perOrganization);
}
