// Owns when a failed delivery is tried again: exponential backoff with jitter, first retry within a minute, for 3 days.

export interface RetrySchedule {
  /** Delay after the first failed attempt (doubled after each further failure). */
  firstDelayMs: number;
  /** No single wait is longer than this. */
  maxDelayMs: number;
  /** Automatic attempts stop once the next one would fall more than this after the delivery was created. */
  windowMs: number;
  /** ± fraction of each delay, so retries of many deliveries after an outage do not arrive all at once. */
  jitter: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 30 s (± 20 %), 1 min, 2 min, … 6 h at most, for 3 days: about 20 attempts in all. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  firstDelayMs: 30_000,
  maxDelayMs: 6 * HOUR,
  windowMs: 72 * HOUR,
  jitter: 0.2,
};

let active: RetrySchedule = DEFAULT_RETRY_SCHEDULE;

/** Test-only: a shorter schedule (the worker runs in the test's process); undefined restores the default. */
export function setRetryScheduleForTests(schedule: Partial<RetrySchedule> | undefined): void {
  active = schedule ? { ...DEFAULT_RETRY_SCHEDULE, ...schedule } : DEFAULT_RETRY_SCHEDULE;
}

/** The wait after `failedAttempts` automatic failures (1 = after the first attempt). */
export function retryDelayMs(
  failedAttempts: number,
  schedule: RetrySchedule = active,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  const base = Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** exponent);
  const factor = 1 - schedule.jitter + 2 * schedule.jitter * random();
  return Math.max(1, Math.round(base * factor));
}

/** When to try again, or null when the 3-day window is over (the delivery has then failed for good). */
export function nextAttemptAt(
  createdAt: Date,
  failedAttempts: number,
  at: Date,
  schedule: RetrySchedule = active,
  random: () => number = Math.random,
): Date | null {
  const next = new Date(at.getTime() + retryDelayMs(failedAttempts, schedule, random));
  return next.getTime() - createdAt.getTime() > schedule.windowMs ? null : next;
}
