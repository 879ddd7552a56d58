// The per-address limit on password sign-in, as the built server answers it: the route counts the attempt before
// next-auth runs, and the 429 carries the url next-auth's sign-in form reads its error from (`error=rate_limited`).
// Here rather than in test/api: next-auth needs Next's request scope, which only a real server gives it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { type RunningServer, startServer } from './servers';

await useTestDatabase();

let server: RunningServer;

beforeAll(async () => {
  server = await startServer('next start', { PUBLIC_AUTH_REQUESTS_PER_MINUTE: '3' });
});

afterAll(async () => {
  await server?.stop();
});

it('password sign-in answers 429 with the url next-auth’s form reads its error from', async () => {
  const attempt = () =>
    fetch(`http://127.0.0.1:${server.port}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'a@example.com', password: 'guess', json: 'true' }).toString(),
      redirect: 'manual',
    });
  for (let i = 0; i < 3; i += 1) expect((await attempt()).status).not.toBe(429);
  const refused = await attempt();
  expect(refused.status, server.output()).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  const body = (await refused.json()) as { url: string };
  expect(new URL(body.url).searchParams.get('error')).toBe('rate_limited');
});
