// Tests of the CLI as a user runs it (a child process): `sign` output, help, and one-line usage errors with exit code 2.
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { computeBodyHash } from '@/lib/platform/client/sign';

const dir = mkdtempSync(path.join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { privateKey, publicKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const credentials = {
  api_key: 'sk_sandbox_cli',
  private_key_pem: privateKey,
  public_key_pem: publicKey,
  shared_secret: 'cli-secret',
};
const credFile = path.join(dir, 'sandbox.json');
writeFileSync(credFile, JSON.stringify(credentials));
const bodyFile = path.join(dir, 'body.json');
writeFileSync(bodyFile, '{"amount": "25.00"}\n');

const repo = process.cwd();

/** Runs the CLI as a user would, from `cwd` (default the repository), with stdout as raw bytes. */
function cliBytes(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    // No DATABASE_URL: `sign`, help and usage errors must never need a database; no APP_BASE_URL: `call` finds
    // the server as a newcomer's shell would.
    const { DATABASE_URL: _url, APP_BASE_URL: _base, ...env } = process.env;
    execFile(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', path.join(repo, 'tsconfig.json'), path.join(repo, 'scripts', 'cli.ts'), ...args],
      { env: { ...env, ...options.env }, cwd: options.cwd ?? repo, timeout: 20_000, encoding: 'buffer' },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : 0;
        resolve({ code, stdout, stderr: stderr.toString('utf8') });
      },
    );
  });
}

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await cliBytes(args);
  return { ...result, stdout: result.stdout.toString('utf8') };
}

describe('cli sign', () => {
  it('prints exactly the two header lines, signing the uri and the body file bytes', async () => {
    const uri = '/api/v2/sandbox/deposits?source=cli';
    const { code, stdout, stderr } = await cli(
      'sign',
      '--cred',
      credFile,
      '--method',
      'post',
      '--uri',
      uri,
      '--body-file',
      bodyFile,
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('x-api-key: sk_sandbox_cli');
    expect(lines[1]).toMatch(/^Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    const token = lines[1]!.replace('Authorization: Bearer ', '');
    const { payload } = await jwtVerify(token, await importSPKI(publicKey, 'ES256'), {
      algorithms: ['ES256'],
    });
    expect(payload).toMatchObject({ sub: 'sk_sandbox_cli', uri });
    expect(payload.bodyHash).toBe(computeBodyHash('cli-secret', uri, '{"amount": "25.00"}\n', payload.nbf!));
  });
});

describe('cli errors and help', () => {
  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [
      ['apikey', 'create', '--org', '0190f3a2-0000-7000-8000-000000000000', '--role', 'admin'],
      /--role must be/,
    ],
    [['apikey', 'create', '--nope'], /Unknown option '--nope'/],
    // The service's bound (one rule for both): 999999 used to pass here and fail later in the service.
    [
      ['apikey', 'create', '--org', '0190f3a2-0000-7000-8000-000000000000', '--rate-limit', '999999'],
      /--rate-limit must be a whole number from 1 to 100000, got "999999"/,
    ],
    [['sign', '--cred', path.join(dir, 'missing.json'), '--method', 'GET', '--uri', '/x'], /no such file/],
    [['sign', '--cred', credFile, '--method', 'GET', '--uri', 'https://host/x'], /--uri must be the path/],
    [['call', 'GET'], /call needs <METHOD> <PATH>/],
    [['call', 'FETCH', '/api/v2/funding/balance', '--cred', credFile], /<METHOD> must be one of/],
    [['call', 'POST', '/x', '--cred', credFile, '--body', '{}', '--body-file', bodyFile], /not both/],
  ])('%j exits 2 with one line and no stack', async (args, message) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('prints help for the root and for each command', async () => {
    const root = await cli('--help');
    expect(root.code).toBe(0);
    for (const command of [
      'sandbox bootstrap',
      'apikey create',
      'apikey list',
      'apikey revoke',
      'call',
      'sign',
    ]) {
      expect(root.stdout).toContain(command);
    }
    const create = await cli('apikey', 'create', '--help');
    expect(create.stdout).toContain('--public-key-file');
    expect(create.stdout).toContain('shown only once');
  });
});

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in API server: records each request and answers with the given status and JSON. */
async function stubServer(
  status: number,
  answer: unknown,
  contentType = 'application/json',
): Promise<{ url: string; received: Received[]; close(): void }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response
        .writeHead(status, { 'content-type': contentType })
        .end(Buffer.isBuffer(answer) ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, received, close: () => server.close() };
}

describe('cli call', () => {
  it('signs and sends a POST with its body and a fresh Idempotency-Key, and prints the response', async () => {
    const server = await stubServer(201, { id: 'dep_1', amount: '250.00' });
    try {
      const body = '{"amount":"250.00"}';
      const { code, stdout, stderr } = await cli(
        'call',
        'post',
        '/api/v2/sandbox/deposits',
        '--body',
        body,
        '--cred',
        credFile,
        '--base-url',
        server.url,
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ id: 'dep_1', amount: '250.00' });
      const [request] = server.received;
      expect(request).toMatchObject({ method: 'POST', url: '/api/v2/sandbox/deposits', body });
      expect(request!.headers['x-api-key']).toBe('sk_sandbox_cli');
      expect(request!.headers['content-type']).toBe('application/json');
      const idempotencyKey = request!.headers['idempotency-key'];
      expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(stderr).toBe(`HTTP 201 from ${server.url} (Idempotency-Key: ${idempotencyKey})\n`);

      const token = String(request!.headers.authorization).replace('Bearer ', '');
      const { payload } = await jwtVerify(token, await importSPKI(publicKey, 'ES256'), {
        algorithms: ['ES256'],
      });
      expect(payload).toMatchObject({ sub: 'sk_sandbox_cli', uri: '/api/v2/sandbox/deposits' });
      expect(payload.bodyHash).toBe(
        computeBodyHash('cli-secret', '/api/v2/sandbox/deposits', body, payload.nbf!),
      );
    } finally {
      server.close();
    }
  });

  it('sends a GET without body or Idempotency-Key, and exits 1 on an error status, still printing the body', async () => {
    const server = await stubServer(404, { statusCode: 404, message: 'Not found' });
    try {
      const { code, stdout, stderr } = await cli(
        'call',
        'GET',
        '/api/v2/nope?x=1',
        '--cred',
        credFile,
        '--base-url',
        server.url,
      );
      expect(code).toBe(1);
      expect(stderr).toBe(`HTTP 404 from ${server.url}\n`);
      expect(JSON.parse(stdout)).toEqual({ statusCode: 404, message: 'Not found' });
      expect(server.received[0]).toMatchObject({ method: 'GET', url: '/api/v2/nope?x=1', body: '' });
      expect(server.received[0]!.headers['idempotency-key']).toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('a missing credentials file is a usage error naming it', async () => {
    const { code, stderr } = await cli(
      'call',
      'GET',
      '/api/v2/funding/balance',
      '--cred',
      path.join(dir, 'none.json'),
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/no such file/);
  });

  // A PDF's bytes are not UTF-8: printed as text they were replaced and the redirected file was no PDF.
  const pdfBytes = Buffer.concat([
    Buffer.from('%PDF-1.7\n%'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff, 0x0a]),
  ]);

  const getReceipt = (baseUrl: string, ...options: string[]) =>
    cliBytes([
      'call',
      'GET',
      '/api/v2/orders/x/receipt',
      '--cred',
      credFile,
      '--base-url',
      baseUrl,
      ...options,
    ]);

  it('writes a binary answer to stdout as its exact bytes, so `> receipt.pdf` is the PDF', async () => {
    const server = await stubServer(200, pdfBytes, 'application/pdf');
    try {
      const { code, stdout, stderr } = await getReceipt(server.url);
      expect(code).toBe(0);
      expect(stdout.equals(pdfBytes)).toBe(true);
      expect(stderr).toBe(`HTTP 200 from ${server.url}\n`);
    } finally {
      server.close();
    }
  });

  it('--output writes the answer to a file and says so', async () => {
    const server = await stubServer(200, pdfBytes, 'application/pdf');
    const output = path.join(dir, 'receipt.pdf');
    try {
      const { code, stdout, stderr } = await getReceipt(server.url, '--output', output);
      expect(code).toBe(0);
      expect(stdout.length).toBe(0);
      expect(readFileSync(output).equals(pdfBytes)).toBe(true);
      expect(stderr).toContain(`Wrote ${pdfBytes.length} bytes to ${output}`);
    } finally {
      server.close();
    }
  });

  it('reaches the running instance on the port it recorded (PORT=3001 npm start), and names it', async () => {
    const server = await stubServer(200, { available: '1.00' });
    const project = mkdtempSync(path.join(tmpdir(), 'cli-instance-'));
    try {
      mkdirSync(path.join(project, '.data'));
      writeFileSync(
        path.join(project, '.data', 'instance.json'),
        JSON.stringify({ url: server.url, pid: process.pid }),
      );
      const { code, stdout, stderr } = await cliBytes(
        ['call', 'GET', '/api/v2/funding/balance', '--cred', credFile],
        { cwd: project },
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout.toString('utf8'))).toEqual({ available: '1.00' });
      expect(stderr).toBe(`HTTP 200 from ${server.url}\n`);
      expect(server.received).toHaveLength(1);
    } finally {
      server.close();
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('ignores an instance record left by a process that is gone', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'cli-instance-'));
    try {
      mkdirSync(path.join(project, '.data'));
      // A pid far above pid_max: no such process, so its URL must not be used.
      writeFileSync(
        path.join(project, '.data', 'instance.json'),
        JSON.stringify({ url: 'http://127.0.0.1:1', pid: 2 ** 30 }),
      );
      const { stderr } = await cliBytes(['call', 'GET', '/api/v2/funding/balance', '--cred', credFile], {
        cwd: project,
      });
      expect(stderr).not.toContain('127.0.0.1:1');
      expect(stderr).toContain('http://localhost:3000');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
