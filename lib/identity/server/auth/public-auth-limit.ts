// Owns the per-address limit on the public steps of signing in (sign-in, sign-up by invitation, password reset request
// and completion, invitation look-ups): every request counts, in PostgreSQL, so no instance can be used to guess
// tokens or flood mailboxes faster than the limit, and a refusal says when to come back.
import { nowSeconds } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { countHit, hashedBucket } from '@/lib/platform/rate-limit/counters';
import { isLimited } from '@/lib/platform/rate-limit/window';

export type PublicAuthStep =
  | 'sign_in'
  | 'invitation_sign_up'
  | 'invitation_preview'
  | 'invitation_accept'
  | 'password_reset_request'
  | 'password_reset_complete';

/** Fixed one-minute windows (real time); the limit is PUBLIC_AUTH_REQUESTS_PER_MINUTE per step and address. */
export const PUBLIC_AUTH_WINDOW_SECONDS = 60;

/** Counts this request; answers the seconds to wait when it is over the limit, else null. */
export async function publicAuthRetryAfter(
  step: PublicAuthStep,
  clientAddress: string,
): Promise<number | null> {
  const state = await countHit(
    hashedBucket(`public-auth:${step}`, clientAddress),
    env().PUBLIC_AUTH_REQUESTS_PER_MINUTE,
    PUBLIC_AUTH_WINDOW_SECONDS,
  );
  return isLimited(state) ? Math.max(1, state.resetAt - nowSeconds()) : null;
}

/**
 * Counts this request; throws `rate_limited` (`too_many_requests`, with the seconds to wait) when it is over the
 * limit.
 */
export async function admitPublicAuthRequest(step: PublicAuthStep, clientAddress: string): Promise<void> {
  const retryAfter = await publicAuthRetryAfter(step, clientAddress);
  if (retryAfter === null) return;
  throw new ApiError('rate_limited', `Too many requests from your address: retry in ${retryAfter} s`, {
    retryAfterSeconds: retryAfter,
  });
}
