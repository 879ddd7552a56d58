// Every body kind through the real wrapper: multipart uploads (file bytes, name, type and fields; the limit
// enforced while reading), file and stream answers with Content-Disposition and Repr-Digest, path ids that are
// not UUIDs (404, never 422), and what the OpenAPI document says about each.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handle } from '@/lib/app/handle';
import { generateOpenApiDocument } from '@/lib/app/openapi/document';
import { httpStatusOf } from '@/lib/platform/http/error-status';
import { refuse } from '@/lib/platform/http/refusals';
import { defineOperation, type UploadedFile } from '@/lib/platform/operations/operation';
import { idSchema } from '@/lib/platform/schemas/common';
import { apiClient } from '../api';
import { browserRequest, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const noParams = { params: Promise.resolve({}) };

const uploadOperation = defineOperation({
  id: 'probeUpload',
  method: 'POST',
  path: '/api/v2/probe/files',
  summary: 'multipart probe',
  tags: ['Test'],
  bodyKind: 'multipart',
  maxBodyBytes: 4096,
  body: z.object({ purpose: z.enum(['identity', 'address']) }).strict(),
  files: { file: { description: 'The document' } },
  response: {
    status: 201,
    description: 'what arrived',
    schema: z.object({
      name: z.string(),
      type: z.string(),
      size: z.number(),
      sha256: z.string(),
      purpose: z.string(),
    }),
  },
});

let received: UploadedFile | undefined;
const upload = handle(uploadOperation, async ({ body, files }) => {
  received = files.file;
  return {
    name: files.file.name,
    type: files.file.type,
    size: files.file.size,
    sha256: createHash('sha256').update(files.file.bytes).digest('hex'),
    purpose: body.purpose,
  };
});

function form(parts: {
  purpose?: string;
  file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string };
}): FormData {
  const data = new FormData();
  if (parts.purpose !== undefined) data.set('purpose', parts.purpose);
  if (parts.file) data.set('file', new File([parts.file.bytes], parts.file.name, { type: parts.file.type }));
  return data;
}

describe('multipart request bodies', () => {
  it('gives the handler the file’s bytes, name and declared type, and the other fields', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    const bytes = new TextEncoder().encode('%PDF-1.7 tiny');
    const response = await upload(
      browserRequest(
        person.cookie,
        'POST',
        '/api/v2/probe/files',
        form({
          purpose: 'identity',
          file: { bytes, name: 'passport scan.pdf', type: 'application/pdf' },
        }),
      ),
      noParams,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      name: 'passport scan.pdf',
      type: 'application/pdf',
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      purpose: 'identity',
    });
    expect(new TextDecoder().decode(await new Response(received!.stream()).arrayBuffer())).toBe(
      '%PDF-1.7 tiny',
    );
  });

  it('signed requests cover the raw multipart bytes', async () => {
    const org = await createTestOrganization();
    const encoded = new Response(
      form({
        purpose: 'address',
        file: { bytes: new Uint8Array([1, 2, 3]), name: 'a.png', type: 'image/png' },
      }),
    );
    const contentType = encoded.headers.get('content-type')!;
    const raw = new Uint8Array(await encoded.arrayBuffer());
    const client = apiClient(org.credentials);
    let response: Response | undefined;
    Object.assign(client, {
      fetchImpl: async (url: string, init: RequestInit) => {
        response = await upload(new Request(url, init), noParams);
        return response;
      },
    });
    await client.send('POST', '/api/v2/probe/files', {
      rawBody: raw,
      headers: { 'content-type': contentType },
    });
    expect(response!.status).toBe(201);
    expect(await response!.json()).toMatchObject({ name: 'a.png', size: 3, purpose: 'address' });
  });

  it('refuses a body over the operation’s own limit while reading (413), naming the limit', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    const big = form({
      purpose: 'identity',
      file: { bytes: new Uint8Array(5000), name: 'big.pdf', type: 'application/pdf' },
    });
    // Streamed without Content-Length, so only the count while reading can catch it.
    const stream = new Response(big).body!;
    const contentType = new Response(big).headers.get('content-type')!;
    const request = new Request('http://localhost:3000/api/v2/probe/files', {
      method: 'POST',
      body: stream,
      headers: { cookie: person.cookie, origin: 'http://localhost:3000', 'content-type': contentType },
      duplex: 'half',
    } as RequestInit);
    const response = await upload(request, noParams);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'Request body must not exceed 4096 bytes',
    });
  });

  it('names a missing file and a bad field at once (422), refuses JSON (415) and a broken body (400)', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    const missing = await upload(
      browserRequest(person.cookie, 'POST', '/api/v2/probe/files', form({ purpose: 'selfie' })),
      noParams,
    );
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { message: string[] }).message).toEqual([
      'purpose: must be one of identity, address',
      'file: is required',
    ]);

    const json = await upload(
      browserRequest(person.cookie, 'POST', '/api/v2/probe/files', JSON.stringify({ purpose: 'identity' })),
      noParams,
    );
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ message: 'Content-Type must be multipart/form-data' });

    const broken = await upload(
      browserRequest(person.cookie, 'POST', '/api/v2/probe/files', 'not multipart at all', {
        'content-type': 'multipart/form-data; boundary=xyz',
      }),
      noParams,
    );
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'invalid_multipart' });
  });
});

describe('file and stream responses', () => {
  const bytes = new TextEncoder().encode('id,amount\n1,10.00\n');
  const digest = createHash('sha256').update(bytes).digest();
  const receipt = defineOperation({
    id: 'probeDownload',
    method: 'GET',
    path: '/api/v2/probe/orders/{orderId}/receipt',
    summary: 'file probe',
    tags: ['Test'],
    params: z.object({ orderId: idSchema }),
    response: { kind: 'file', status: 200, description: 'a file', contentTypes: ['text/csv'] },
  });

  it('answers bytes with Content-Type, Content-Disposition (UTF-8 name) and Repr-Digest of the bytes', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    const download = handle(receipt, async ({ params }) => ({
      contentType: 'text/csv; charset=utf-8',
      filename: `relevé ${params.orderId.slice(0, 4)}.csv`,
      body: bytes,
    }));
    const id = '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e';
    const response = await download(
      browserRequest(person.cookie, 'GET', `/api/v2/probe/orders/${id}/receipt`),
      {
        params: Promise.resolve({ orderId: id }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="relev_ 0193.csv"; filename*=UTF-8''relev%C3%A9%200193.csv`,
    );
    expect(response.headers.get('repr-digest')).toBe(`sha-256=:${digest.toString('base64')}:`);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-ratelimit-limit')).toBe('300');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('streams with the digest it is given (a stored file’s SHA-256)', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    const stream = handle(receipt, async () => ({
      contentType: 'text/csv',
      filename: 'export.csv',
      disposition: 'inline' as const,
      body: new Blob([bytes]).stream(),
      sha256: digest.toString('hex'),
    }));
    const id = '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e';
    const response = await stream(
      browserRequest(person.cookie, 'GET', `/api/v2/probe/orders/${id}/receipt`),
      {
        params: Promise.resolve({ orderId: id }),
      },
    );
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="export.csv"/);
    expect(response.headers.get('repr-digest')).toBe(`sha-256=:${digest.toString('base64')}:`);
    expect(await response.text()).toBe('id,amount\n1,10.00\n');
  });

  it('a path id that is not a UUID is 404 in the area’s envelope, never 422', async () => {
    const org = await createTestOrganization();
    const person = await signIn({ memberships: [{ orgId: org.orgId }] });
    let ran = false;
    const payouts = handle(receipt, async () => {
      ran = true;
      return { contentType: 'text/csv', filename: 'x.csv', body: bytes };
    });
    const response = await payouts(browserRequest(person.cookie, 'GET', '/api/v2/probe/orders/42/receipt'), {
      params: Promise.resolve({ orderId: '42' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      code: 'resource_not_found',
      message: 'Resource not found',
    });

    const liquidity = handle({ ...receipt, path: '/api/v2/liquidity/probe/{orderId}' }, async () => ({
      contentType: 'text/csv',
      filename: 'x.csv',
      body: bytes,
    }));
    const inLiquidity = await liquidity(
      browserRequest(person.cookie, 'GET', '/api/v2/liquidity/probe/nope'),
      {
        params: Promise.resolve({ orderId: 'nope' }),
      },
    );
    expect(inLiquidity.status).toBe(404);
    expect(await inLiquidity.json()).toEqual({
      error: { type: 'validation_error', code: 'resource_not_found', message: 'Resource not found' },
    });
    expect(ran).toBe(false);
  });
});

describe('the document describes each body kind from the declaration', () => {
  const download = defineOperation({
    id: 'probeReceipt',
    method: 'GET',
    path: '/api/v2/probe/receipt',
    summary: 'file',
    tags: ['Test'],
    response: { kind: 'file', status: 200, description: 'The receipt', contentTypes: ['application/pdf'] },
  });
  const document = generateOpenApiDocument([
    { ...uploadOperation, maxBodyBytes: 10 * 1024 * 1024 },
    download,
  ]);

  it('a multipart body with its binary part, fields and limit; 413 and 415 say what this operation takes', () => {
    const post = document.paths?.['/api/v2/probe/files']?.post as Record<string, unknown> & {
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
      };
      responses: Record<string, { description?: string; $ref?: string }>;
    };
    const schema = post.requestBody.content['multipart/form-data']!.schema;
    expect(schema.properties.file).toEqual({ type: 'string', format: 'binary', description: 'The document' });
    expect(schema.properties.purpose).toMatchObject({ enum: ['identity', 'address'] });
    expect(schema.required.sort()).toEqual(['file', 'purpose']);
    expect(post['x-max-body-bytes']).toBe(10 * 1024 * 1024);
    expect(post.responses['413']?.description).toContain('10 MiB');
    expect(post.responses['415']?.description).toContain('multipart/form-data');
    expect(post.responses['400']?.description).toContain('multipart');
  });

  it('a file answer with its content types, Content-Disposition and Repr-Digest', () => {
    const get = document.paths?.['/api/v2/probe/receipt']?.get as {
      responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
    };
    expect(get.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(get.responses['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Content-Disposition', 'Repr-Digest']),
    );
  });

  it('the wrapper cannot raise a refusal the declaration does not make possible', () => {
    expect(() => refuse('role', download, { maxBodyBytes: 1 })).toThrow(/not declared possible/);
    expect(httpStatusOf(refuse('no_organization', download, { maxBodyBytes: 1 }).kind)).toBe(403);
  });
});
