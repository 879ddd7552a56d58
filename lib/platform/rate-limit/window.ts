// Owns the arithmetic of rate-limit windows: fixed windows aligned to the epoch (no transport, no SQL).
import { now } from '@/lib/platform/clock';

export const WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  /** Requests counted in this window, including the current one. */
  count: number;
  /** Epoch seconds when the window resets. */
  resetAt: number;
}

/** The current fixed window: its start (for the counter row) and its end (for the headers). */
export function currentWindow(
  at: Date = now(),
  windowSeconds: number = WINDOW_SECONDS,
): { start: Date; resetAt: number } {
  const startSeconds = Math.floor(at.getTime() / 1000 / windowSeconds) * windowSeconds;
  return { start: new Date(startSeconds * 1000), resetAt: startSeconds + windowSeconds };
}

export function isLimited(state: RateLimitState): boolean {
  return state.count > state.limit;
}
