// Unit tests of fixed-window arithmetic and the rate-limit headers.
import { describe, expect, it } from 'vitest';
import { currentWindow, isLimited, rateLimitHeaders } from './rate-limit';

describe('rate-limit windows and headers', () => {
  it('windows are fixed minutes aligned to the epoch', () => {
    const at = new Date('2026-11-22T10:15:42.500Z');
    const window = currentWindow(at);
    expect(window.start.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(window.resetAt).toBe(Date.parse('2026-11-22T10:16:00Z') / 1000);
  });

  it('counts down Remaining and adds Retry-After only once over the limit', () => {
    const at = new Date('2026-11-22T10:15:42Z');
    const { resetAt } = currentWindow(at);
    expect(rateLimitHeaders({ limit: 100, count: 1, resetAt }, at)).toEqual({
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '99',
      'X-RateLimit-Reset': String(resetAt),
    });
    expect(isLimited({ limit: 100, count: 100, resetAt })).toBe(false);
    const over = { limit: 100, count: 101, resetAt };
    expect(isLimited(over)).toBe(true);
    expect(rateLimitHeaders(over, at)).toMatchObject({ 'X-RateLimit-Remaining': '0', 'Retry-After': '18' });
  });
});
