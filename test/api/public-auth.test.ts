// The public steps of signing in: a password-reset request does the same work whatever the email (the lookup and
// the email run in a job), and every public step is limited per client address (counted in PostgreSQL) with 429.
// Password sign-in's own 429 needs next-auth in Next's request scope: test/server/sign-in-limit.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/client';
import { createUser } from '@/lib/identity/server/auth/users';
import { freezeClock, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { listOutbox } from '@/lib/sandbox/server/list-outbox';
import { routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { runResetJobs, takeQueuedResetJobs } from '../support/password-reset-jobs';

await useTestDatabase();
vi.setConfig({ testTimeout: 120_000 });

afterEach(() => {
  resetClock();
  delete process.env.PUBLIC_AUTH_REQUESTS_PER_MINUTE;
  resetEnvCache();
});

function post(path: string, body: unknown, address: string): Promise<Response> {
  return routeFetch(`${TEST_BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

describe('password reset request', () => {
  it('does the same work for a known and an unknown email: one queued job each, nothing else until it runs', async () => {
    const user = await createUser(db(), {
      email: 'known@example.com',
      name: 'Known',
      password: 'a long enough password',
    });
    const known = await post('/api/auth/password-reset', { email: 'known@example.com' }, '192.0.2.1');
    const unknown = await post('/api/auth/password-reset', { email: 'nobody@example.com' }, '192.0.2.1');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());

    // The request did not look the address up: no email yet, and the two queued jobs differ only by the address.
    expect(await listOutbox(db(), { userId: user.id })).toEqual([]);
    const jobs = await takeQueuedResetJobs();
    expect(jobs.map((payload) => ({ ...payload, email: '…', request_id: '…' }))).toEqual([
      { email: '…', request_id: '…' },
      { email: '…', request_id: '…' },
    ]);
    expect(jobs.map((payload) => payload.email)).toEqual(['known@example.com', 'nobody@example.com']);

    await runResetJobs(jobs);
    const [message] = await listOutbox(db(), { userId: user.id });
    expect(message).toMatchObject({ kind: 'password_reset', to: 'known@example.com' });
  });
});

describe('per-address limits on the public sign-in steps', () => {
  beforeEach(() => {
    // The middle of a one-minute window, held still, so a slow run never crosses into a fresh one.
    freezeClock(new Date((Math.floor(Date.now() / 60_000) * 60 + 30) * 1000));
    process.env.PUBLIC_AUTH_REQUESTS_PER_MINUTE = '3';
    resetEnvCache();
  });

  it.each([
    ['password reset request', '/api/auth/password-reset', { email: 'someone@example.com' }],
    [
      'password reset',
      '/api/auth/password-reset/complete',
      { token: 'x'.repeat(43), password: 'long password 1' },
    ],
    [
      'sign-up by invitation',
      `/api/auth/invitations/${'t'.repeat(43)}/sign-up`,
      { name: 'N', password: 'long password 1' },
    ],
  ])('%s: past the limit 429 with Retry-After, other addresses unaffected', async (_name, path, body) => {
    for (let i = 0; i < 3; i += 1) expect((await post(path, body, '198.51.100.7')).status).not.toBe(429);
    const refused = await post(path, body, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    expect((await post(path, body, '198.51.100.8')).status).not.toBe(429);
  });

  it('invitation look-ups are limited too', async () => {
    const preview = () =>
      routeFetch(`${TEST_BASE_URL}/api/auth/invitations/${'g'.repeat(43)}`, {
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
    for (let i = 0; i < 3; i += 1) expect((await preview()).status).not.toBe(429);
    expect((await preview()).status).toBe(429);
  });
});
