// Rate limits through the real handlers: per key (default 100/min), headers, the 429, window reset, shared across instances.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { currentWindow } from '@/lib/platform/rate-limit/window';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const run = promisify(execFile);

afterEach(() => resetClock());

/**
 * Puts the test at the start of a fresh window so 101 requests cannot straddle two windows; returns how far the clock
 * moved, so another process can stand at the same moment.
 */
function startOfNextWindow(): number {
  const { resetAt } = currentWindow();
  const moved = resetAt * 1000 - Date.now() + 10;
  advanceClock(moved);
  return moved;
}

describe('rate limit', () => {
  it('allows 100 requests a minute per key with headers on each, then 429 with Retry-After; the window resets', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    startOfNextWindow();
    const { resetAt } = currentWindow();
    for (let i = 1; i <= 100; i += 1) {
      const response = await client.send('GET', '/api/v2/funding/balance');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('100');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
      expect(response.headers.get('x-ratelimit-reset')).toBe(String(resetAt));
    }
    const limited = await client.send('GET', '/api/v2/funding/balance');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      statusCode: 429,
      code: 'too_many_requests',
      message: 'Rate limit exceeded',
    });
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // Another key of another organization is unaffected.
    const other = await createTestOrganization();
    expect((await apiClient(other.credentials).send('GET', '/api/v2/funding/balance')).status).toBe(200);

    advanceClock(60_000);
    const nextWindow = await client.send('GET', '/api/v2/funding/balance');
    expect(nextWindow.status).toBe(200);
    expect(nextWindow.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it("honours a key's own limit", async () => {
    const org = await createTestOrganization({ rateLimitPerMinute: 3 });
    const client = apiClient(org.credentials);
    startOfNextWindow();
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await client.send('GET', '/api/v2/funding/balance')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('two server instances share one count', async () => {
    const org = await createTestOrganization({ rateLimitPerMinute: 10 });
    // Both processes stand at the start of the same fresh window (the other moves its clock as far), so the whole
    // minute is room for the other process to start: no waiting for a window to turn.
    const clockOffsetMs = startOfNextWindow();
    const input = JSON.stringify({
      credentials: org.credentials,
      count: 6,
      path: '/api/v2/funding/balance',
      clockOffsetMs,
    });
    const tsx = path.resolve('node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['test/support/second-instance.ts', input], { env: process.env });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([200, 200, 200, 200, 200, 200]);

    const client = apiClient(org.credentials);
    const here = [];
    for (let i = 0; i < 5; i += 1) here.push((await client.send('GET', '/api/v2/funding/balance')).status);
    expect(here).toEqual([200, 200, 200, 200, 429]);
  }, 60_000);

  it('unauthenticated requests carry no rate-limit headers (they are not counted against a key)', async () => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send('GET', '/api/v2/funding/balance', {
      unsigned: true,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
