// Issue #29 §1 (and #38 §4: one tenant's exports never block another's) against the production build, as an attacker runs it: twelve signed exports whose answers are never
// read, on raw sockets to `npm start`'s front with a pool of four connections. Another organization's balance keeps
// answering at once and the health check stays 200 (the pool is never held between chunks).
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { signRequest } from '@/lib/platform/client/sign';
import { now } from '@/lib/platform/clock';
import { useTestDatabase } from '../db';
import { createPayoutOrg, draftBatch, type PayoutOrg } from '../payouts-fixtures';
import { type RunningServer, startServer } from './servers';

await useTestDatabase();

let server: RunningServer;

beforeAll(async () => {
  // Every export may run at once (the per-organization bound is another test's subject): only the pool is tested.
  // An organization may hold exports beyond its first while at most half the places are busy (#38 §4): 30 → 15.
  server = await startServer('npm start (front)', {
    HEAVY_CONCURRENCY_PER_ORG: '20',
    EXPORT_CONCURRENCY_TOTAL: '30',
    DB_POOL_MAX: '4',
  });
});

afterAll(async () => {
  await server?.stop();
});

/** A signed export on its own socket that reads the status line, then never reads again. */
async function unreadExport(
  org: PayoutOrg,
  target: string,
  port = server.port,
): Promise<{ socket: net.Socket; head: string }> {
  const auth = await signRequest({ ...org.credentials, method: 'GET', uri: target });
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const headers = Object.entries({ host: `127.0.0.1:${port}`, ...auth })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`GET ${target} HTTP/1.1\r\n${headers}\r\n`);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, head: chunk.toString('latin1').split('\r\n')[0]! });
    });
    socket.once('error', reject);
  });
}

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The health check's status, asked again until it is 200 or `ms` have passed. Its database probe gives up after 3 s,
 * and while the twelve exports are still filling their sockets their chunk queries queue ahead of it on four
 * connections (more so on a loaded machine: CI runs these tests beside the browser tests). A pool held by unread
 * exports never frees, so every answer stays 503 and the test still fails; a pool that is only busy answers 200 soon.
 */
async function healthStatusWithin(ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const health = await within(
      10_000,
      'GET /api/health',
      fetch(`http://127.0.0.1:${server.port}/api/health`),
    );
    if (health.status === 200 || Date.now() >= deadline) return health.status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

it('twelve unread exports hold no pooled connection: another organization and the health check keep answering', async () => {
  const attacker = await createPayoutOrg();
  const victim = await createPayoutOrg({ balance: '100' });
  const from = new Date(now().getTime() - 1000).toISOString();
  // ~15 MB per export, more than loopback's socket buffers take (a few MB), so each export stalls with chunks left.
  await draftBatch(attacker, 40_000);
  const to = new Date(now().getTime() + 1000).toISOString();
  const target = `/api/v2/orders/export?from=${from}&to=${to}`;

  const streams = await within(
    60_000,
    'twelve exports',
    Promise.all(Array.from({ length: 12 }, () => unreadExport(attacker, target))),
  );
  try {
    for (const { head } of streams) expect(head).toBe('HTTP/1.1 200 OK');
    const victimClient = new PayoutApiClient({
      baseUrl: `http://127.0.0.1:${server.port}`,
      ...victim.credentials,
      maxRetries: 0,
    });
    for (let round = 0; round < 3; round += 1) {
      const balance = await within(
        10_000,
        'GET /funding/balance',
        victimClient.send('GET', '/api/v2/funding/balance'),
      );
      expect(balance.status).toBe(200);
      expect(await healthStatusWithin(15_000)).toBe(200);
    }
  } finally {
    for (const { socket } of streams) socket.destroy();
  }
}, 120_000);

it('four organizations holding unread exports leave a fifth organization its first export (#38 §4)', async () => {
  // The default bounds: two exports of one kind per organization, eight exports on the server.
  const fair = await startServer('npm start (front)', {
    HEAVY_CONCURRENCY_PER_ORG: '2',
    EXPORT_CONCURRENCY_TOTAL: '8',
    DB_POOL_MAX: '4',
  });
  const streams: { socket: net.Socket; head: string }[] = [];
  try {
    const holders = [
      await createPayoutOrg(),
      await createPayoutOrg(),
      await createPayoutOrg(),
      await createPayoutOrg(),
    ];
    const fifth = await createPayoutOrg();
    const from = new Date(now().getTime() - 1000).toISOString();
    // Each holder's export is larger than the socket buffers take, so an unread one keeps its place.
    for (const org of holders) await draftBatch(org, 40_000);
    const to = new Date(now().getTime() + 1000).toISOString();
    const target = `/api/v2/orders/export?from=${from}&to=${to}`;

    const heads: string[] = [];
    for (const org of holders) {
      for (let n = 0; n < 2; n += 1) {
        const stream = await within(20_000, 'an export', unreadExport(org, target, fair.port));
        streams.push(stream);
        heads.push(stream.head);
      }
    }
    // A second export each for the first two; then half the places are busy and are kept for newcomers.
    expect(heads).toEqual([
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 429 Too Many Requests',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 429 Too Many Requests',
    ]);
    const first = await within(
      20_000,
      "the fifth organization's export",
      unreadExport(fifth, target, fair.port),
    );
    streams.push(first);
    expect(first.head).toBe('HTTP/1.1 200 OK');
  } finally {
    for (const { socket } of streams) socket.destroy();
    await fair.stop();
  }
}, 180_000);
