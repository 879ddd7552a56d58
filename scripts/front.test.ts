// The front `npm start` serves through: the client address comes from the socket or the trusted proxy hops, never
// from what a client wrote, and a taken port is reported naming it.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFront, listen, parseTrustedProxyHops, parseWriteTimeout } from './front.mjs';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A front over a handler that echoes what Next would see. */
async function front(trustedProxyHops: number): Promise<number> {
  const server = createFront({
    trustedProxyHops,
    handler: (req, res) => {
      res.end(
        JSON.stringify({ xff: req.headers['x-forwarded-for'], realIp: req.headers['x-real-ip'] ?? null }),
      );
    },
  });
  servers.push(server);
  await listen(server, 0, '127.0.0.1');
  return (server.address() as AddressInfo).port;
}

function get(port: number, headers: Record<string, string>): Promise<{ xff: string; realIp: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(JSON.parse(body)));
    });
    request.on('error', reject);
  });
}

describe('the front', () => {
  it('with no trusted proxy, the address is the socket peer whatever X-Forwarded-For says', async () => {
    const port = await front(0);
    const seen = await get(port, {
      'x-forwarded-for': '203.0.113.1, 198.51.100.2',
      'x-real-ip': '192.0.2.9',
    });
    expect(seen).toEqual({ xff: '127.0.0.1', realIp: null });
    // Rotating the header changes nothing.
    expect((await get(port, { 'x-forwarded-for': '203.0.113.77' })).xff).toBe('127.0.0.1');
    // A huge header is just ignored.
    expect((await get(port, { 'x-forwarded-for': 'a'.repeat(6000) })).xff).toBe('127.0.0.1');
  });

  it('behind one trusted proxy, the address is the hop that proxy appended; client-written hops are ignored', async () => {
    const port = await front(1);
    expect((await get(port, { 'x-forwarded-for': 'forged, 203.0.113.5' })).xff).toBe('203.0.113.5');
    // No header: the peer itself is the best we know.
    expect((await get(port, {})).xff).toBe('127.0.0.1');
  });

  it('a port already taken is reported naming the port', async () => {
    const port = await front(0);
    const second = createFront({ trustedProxyHops: 0, handler: () => undefined });
    await expect(listen(second, port, '127.0.0.1')).rejects.toThrow(`Port ${port} is already in use`);
  });

  it('closes a connection whose client stopped reading a streamed answer, and logs it', async () => {
    const warnings = vi.spyOn(process.stderr, 'write');
    let responseClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      responseClosed = resolve;
    });
    const server = createFront({
      trustedProxyHops: 0,
      idleTimeoutMs: 300,
      // An endless answer that respects backpressure, as Next's streaming does.
      handler: (_req, res) => {
        res.on('close', () => responseClosed());
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const write = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', write);
        };
        write();
      },
    });
    servers.push(server);
    await listen(server, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    // A raw client that sends the request and never reads a byte of the answer.
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    socket.write('GET /export HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // The server gives up on it (the paused client would not even see the close until it read everything).
    await closed;
    socket.destroy();
    const lines = warnings.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes('nothing moved'));
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'warn', idle_timeout_ms: 300 }),
    ]);
    warnings.mockRestore();
  });

  it('STREAM_WRITE_TIMEOUT_SECONDS is a whole number of seconds, 60 unless set', () => {
    expect(parseWriteTimeout(undefined)).toBe(60_000);
    expect(parseWriteTimeout('5')).toBe(5_000);
    for (const bad of ['0', '-1', '1.5', 'soon'])
      expect(() => parseWriteTimeout(bad)).toThrow(/STREAM_WRITE_TIMEOUT_SECONDS/);
  });

  it('passes the request target exactly as it arrived in x-payout-raw-target, overwriting a client-sent one', async () => {
    const server = createFront({
      trustedProxyHops: 0,
      handler: (req, res) => {
        res.end(
          JSON.stringify({
            method: req.method,
            rawTarget: req.headers['x-payout-raw-target'],
            unsupported: req.headers['x-payout-unsupported-method'] ?? null,
          }),
        );
      },
    });
    servers.push(server);
    await listen(server, 0, '127.0.0.1');
    const port = (server.address() as AddressInfo).port;
    // node:net, so the target goes out byte for byte (any URL-based client would normalise it first).
    const send = (requestLine: string, headers = '') =>
      new Promise<Record<string, string | null>>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(`${requestLine}\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('end', () => resolve(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))));
        socket.on('error', reject);
      });
    const target = "/api/v2/orders/export?from=2026-11-01T00:00:00Z&b=%7e&a&a=1&(x)=!'$;@,:/~&";
    expect(await send(`GET ${target} HTTP/1.1`, 'X-Payout-Raw-Target: /forged\r\n')).toEqual({
      method: 'GET',
      rawTarget: target,
      unsupported: null,
    });
    // A client cannot claim an unsupported method either; only the front names one, for /api paths only.
    expect(await send('OPTIONS /api/v2/events HTTP/1.1', 'X-Payout-Unsupported-Method: TRACE\r\n')).toEqual({
      method: 'OPTIONS',
      rawTarget: '/api/v2/events',
      unsupported: null,
    });
    expect(await send('TRACE /api/v2/events? HTTP/1.1')).toEqual({
      method: 'OPTIONS',
      rawTarget: '/api/v2/events?',
      unsupported: 'TRACE',
    });
    expect(await send('TRACE /docs HTTP/1.1')).toEqual({
      method: 'TRACE',
      rawTarget: '/docs',
      unsupported: null,
    });
  });

  it('TRUSTED_PROXY_HOPS must be a whole number from 0 to 20', () => {
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops('2')).toBe(2);
    for (const bad of ['-1', 'one', '1.5', '21'])
      expect(() => parseTrustedProxyHops(bad)).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
