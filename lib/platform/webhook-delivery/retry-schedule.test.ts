// Tests the retry schedule: first retry within a minute, exponential growth with jitter, capped, for 3 days only.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, nextAttemptAt, retryDelayMs } from './retry-schedule';

const low = () => 0;
const high = () => 0.999999;
const middle = () => 0.5;

describe('retry schedule', () => {
  it('retries first within a minute, whatever the jitter', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE, low)).toBe(24_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE, high)).toBeLessThanOrEqual(36_000);
  });

  it('doubles after each failure, up to 6 hours', () => {
    const delays = [1, 2, 3, 4, 10, 11, 12, 40].map((n) => retryDelayMs(n, DEFAULT_RETRY_SCHEDULE, middle));
    expect(delays).toEqual([
      30_000, 60_000, 120_000, 240_000, 15_360_000, 21_600_000, 21_600_000, 21_600_000,
    ]);
  });

  it('spreads retries by ±20 %', () => {
    const samples = Array.from({ length: 200 }, () => retryDelayMs(3));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(96_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(144_000);
    expect(new Set(samples).size).toBeGreaterThan(50);
  });

  it('keeps retrying for 3 days, then stops: about 20 attempts in all', () => {
    const created = new Date('2026-11-23T00:00:00Z');
    let at = created;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt(created, attempts, at, DEFAULT_RETRY_SCHEDULE, middle);
      if (!next) break;
      at = next;
      attempts += 1;
    }
    expect(attempts).toBeGreaterThanOrEqual(18);
    expect(attempts).toBeLessThanOrEqual(22);
    const lastAfterHours = (at.getTime() - created.getTime()) / 3_600_000;
    expect(lastAfterHours).toBeGreaterThan(66);
    expect(lastAfterHours).toBeLessThanOrEqual(72);
  });
});
