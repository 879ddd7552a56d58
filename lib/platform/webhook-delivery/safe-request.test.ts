// Tests the outbound client against real local servers: it connects only to the checked address, with the original
// Host and TLS name, never follows redirects, gives up at its deadline and reads only a capped body.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type OutboundRequest,
  parseWebhookUrl,
  postOnce,
  type ResolvedAddress,
  resolveTarget,
  setResolverForTests,
  UnsafeTargetError,
} from './safe-request';

const tlsDir = path.join(process.cwd(), 'test', 'support', 'tls');
const cert = readFileSync(path.join(tlsDir, 'receiver.crt'), 'utf8');
const key = readFileSync(path.join(tlsDir, 'receiver.key'), 'utf8');

interface Seen {
  host?: string;
  servername?: string | false;
  body: string;
  path?: string;
}

let seen: Seen[] = [];
type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let behaviour: Behaviour = (_req, res) => res.writeHead(204).end();

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    seen.push({
      host: req.headers.host,
      servername: (req.socket as { servername?: string | false }).servername,
      body,
      path: req.url,
    });
    behaviour(req, res);
  });
}

const plain = http.createServer(handler);
const secure = https.createServer({ key, cert }, handler);
let plainPort = 0;
let securePort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  plainPort = (plain.address() as AddressInfo).port;
  securePort = (secure.address() as AddressInfo).port;
});

afterAll(async () => {
  plain.closeAllConnections();
  secure.closeAllConnections();
  await new Promise((resolve) => plain.close(resolve));
  await new Promise((resolve) => secure.close(resolve));
});

afterEach(() => {
  seen = [];
  behaviour = (_req, res) => res.writeHead(204).end();
  setResolverForTests(undefined);
});

const loopback: ResolvedAddress = { address: '127.0.0.1', family: 4 };

function post(url: string, overrides: Partial<OutboundRequest> = {}) {
  return postOnce({
    url: new URL(url),
    target: loopback,
    headers: { 'content-type': 'application/json' },
    body: '{"hello":"world"}',
    timeoutMs: 2_000,
    maxResponseBytes: 1024,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UnsafeTargetError) return error.message;
    throw error;
  }
  throw new Error('expected the target to be refused');
}

describe('parseWebhookUrl', () => {
  it.each([
    ['http://example.com/hook', 'must be an https URL'],
    ['ftp://example.com/hook', 'must be an https URL'],
    ['example.com/hook', 'must be an absolute https URL'],
    ['https://user:pass@example.com/hook', 'must not contain credentials'],
    ['https://example.com/hook#frag', 'must not contain a fragment'],
    [`https://example.com/${'a'.repeat(2100)}`, 'must be at most 2048 characters'],
  ])('refuses %s: %s', (url, message) => {
    expect(() => parseWebhookUrl(url, { allowPrivate: false })).toThrow(message);
  });

  it('allows http only when private targets are allowed (local testing)', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8080/x', { allowPrivate: true }).port).toBe('8080');
    expect(parseWebhookUrl('https://hooks.example.com/in?x=1', { allowPrivate: false }).search).toBe('?x=1');
  });
});

describe('resolveTarget', () => {
  const strict = { allowPrivate: false };

  it.each([
    ['https://127.0.0.1/hook', 'a loopback address'],
    ['https://10.1.2.3/hook', 'a private network address'],
    ['https://169.254.169.254/latest/meta-data', 'a cloud metadata address'],
    ['https://[::1]/hook', 'a loopback address'],
    ['https://[::ffff:192.168.0.1]/hook', 'a private network address'],
    ['https://[fe80::1]/hook', 'a link-local address'],
    ['https://100.64.1.1/hook', 'a carrier-grade NAT (shared) address'],
    ['https://0x7f000001/hook', 'a loopback address'], // the URL parser normalises it to 127.0.0.1
    ['https://2130706433/hook', 'a loopback address'],
  ])('refuses the address literal in %s (%s)', async (url, label) => {
    expect(await refusal(resolveTarget(new URL(url), strict))).toContain(label);
  });

  it('refuses a name the real DNS resolves to loopback (localhost)', async () => {
    expect(await refusal(resolveTarget(new URL('https://localhost/hook'), strict))).toMatch(
      /must not point to a loopback address \(localhost resolves to (127\.0\.0\.1|::1)\)/,
    );
  });

  it('refuses a name with one internal address among public ones', async () => {
    setResolverForTests(async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    expect(await refusal(resolveTarget(new URL('https://mixed.example/hook'), strict))).toBe(
      'must not point to a private network address (mixed.example resolves to 10.0.0.7)',
    );
  });

  it('refuses a name that does not resolve', async () => {
    setResolverForTests(async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    });
    expect(await refusal(resolveTarget(new URL('https://nowhere.example/'), strict))).toBe(
      'host nowhere.example could not be resolved',
    );
  });

  it('accepts a public name and prefers its IPv4 address', async () => {
    setResolverForTests(async () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '1.1.1.1', family: 4 },
    ]);
    expect(await resolveTarget(new URL('https://public.example/hook'), strict)).toEqual({
      address: '1.1.1.1',
      family: 4,
    });
  });

  it('accepts internal addresses when private targets are allowed', async () => {
    expect(await resolveTarget(new URL('http://127.0.0.1:1/'), { allowPrivate: true })).toEqual(loopback);
  });
});

describe('postOnce', () => {
  it('connects to the checked address, not to what the name resolves to, and sends the original Host', async () => {
    // The name would resolve somewhere else now: the request must not look it up again.
    setResolverForTests(async () => [{ address: '203.0.113.50', family: 4 }]);
    const result = await post(`http://receiver.example:${plainPort}/in?x=1`);
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(seen).toEqual([
      expect.objectContaining({
        host: `receiver.example:${plainPort}`,
        body: '{"hello":"world"}',
        path: '/in?x=1',
      }),
    ]);
  });

  it('over TLS, sends the original name as SNI and verifies the certificate against it', async () => {
    const result = await post(`https://receiver.example:${securePort}/in`, { trustedCa: cert });
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(seen[0]).toMatchObject({ host: `receiver.example:${securePort}`, servername: 'receiver.example' });
  });

  it('refuses a certificate that does not name the host', async () => {
    const result = await post(`https://other.example:${securePort}/in`, { trustedCa: cert });
    expect(result).toMatchObject({
      ok: false,
      error: 'TLS certificate not accepted (ERR_TLS_CERT_ALTNAME_INVALID)',
    });
    expect(seen).toEqual([]);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    behaviour = (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end('moved');
    const result = await post(`http://127.0.0.1:${plainPort}/in`);
    expect(result).toMatchObject({ ok: true, status: 302, body: 'moved' });
    expect(seen).toHaveLength(1);
  });

  it('keeps only the first KiB of a large answer', async () => {
    behaviour = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('x'.repeat(1_000_000));
    };
    const result = await post(`http://127.0.0.1:${plainPort}/in`);
    expect(result.ok && result.status).toBe(500);
    expect(result.body).toHaveLength(1024);
  });

  it('gives up at its deadline when the receiver never answers', async () => {
    behaviour = () => {};
    const result = await post(`http://127.0.0.1:${plainPort}/in`, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'Timed out after 0.3 s' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(2_000);
  });

  it('gives up at its deadline when the answer stalls mid-body', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200);
      res.write('partial');
    };
    const result = await post(`http://127.0.0.1:${plainPort}/in`, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'Timed out after 0.3 s' });
  });

  it('reuses a kept-alive connection only for the same checked address', async () => {
    const sockets = new Set<unknown>();
    behaviour = (req, res) => {
      sockets.add(req.socket);
      res.writeHead(204).end();
    };
    const url = `http://receiver.example:${plainPort}/in`;
    expect(await post(url)).toMatchObject({ ok: true, status: 204 });
    expect(await post(url)).toMatchObject({ ok: true, status: 204 });
    expect(sockets.size).toBe(1);
    // The same name checked to another address this time: no socket to the old one may carry it (nothing listens
    // on 127.0.0.2, so the attempt is refused rather than sent to 127.0.0.1).
    expect(await post(url, { target: { address: '127.0.0.2', family: 4 } })).toMatchObject({
      ok: false,
      error: 'Connection refused',
    });
    expect(seen).toHaveLength(2);
  });

  it('reports a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await post(`http://127.0.0.1:${port}/in`)).toMatchObject({
      ok: false,
      error: 'Connection refused',
    });
  });
});
