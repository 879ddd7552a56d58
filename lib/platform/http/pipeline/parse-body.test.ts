// Unit tests of the body as the operation declares it: JSON through its schema (no body reads as `{}`), a body sent
// where none is taken still checked, multipart fields and declared files, and the canonical text idempotency compares.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from '@/lib/platform/errors/api-error';
import type { Operation } from '@/lib/platform/operations/operation';
import { httpStatusOf } from '../error-status';
import { parseBody } from './parse-body';
import { testOperation } from './test-exchange';

const operation = (extra: Partial<Operation> = {}): Operation =>
  testOperation({
    id: 'testWrite',
    method: 'POST',
    ...extra,
  });
const limit = { maxBodyBytes: 1 << 20 };
const json = (text: string) =>
  [
    new Request('http://x/api/v2/test', { method: 'POST', headers: { 'content-type': 'application/json' } }),
    new TextEncoder().encode(text),
  ] as const;
const statusOf = (error: unknown) => (isApiError(error) ? httpStatusOf(error.kind) : error);

describe('parseBody: JSON', () => {
  const takes = operation({ body: z.object({ name: z.string().default('anon'), n: z.number().optional() }) });

  it('parses through the schema; the canonical text ignores key order and spacing', async () => {
    const a = await parseBody(takes, ...json('{"n": 1, "name": "x"}'), limit);
    const b = await parseBody(takes, ...json('{"name":"x","n":1}'), limit);
    expect(a.body).toEqual({ name: 'x', n: 1 });
    expect(a.canonical).toBe(b.canonical);
    expect(a.files).toEqual({});
  });

  it('no body reads as `{}`, with an empty canonical text; a JSON null is refused (422)', async () => {
    const empty = await parseBody(takes, ...json(''), limit);
    expect(empty).toEqual({ body: { name: 'anon' }, files: {}, canonical: '' });
    expect(statusOf(await parseBody(takes, ...json('null'), limit).catch((e: unknown) => e))).toBe(422);
  });

  it('a body where the operation takes none is still checked: malformed JSON is 400, wrong type 415', async () => {
    expect(statusOf(await parseBody(operation(), ...json('{'), limit).catch((e: unknown) => e))).toBe(400);
    const text = new Request('http://x', { method: 'POST', headers: { 'content-type': 'text/plain' } });
    const refused = await parseBody(operation(), text, new TextEncoder().encode('hi'), limit).catch(
      (e: unknown) => e,
    );
    expect(statusOf(refused)).toBe(415);
  });
});

describe('parseBody: multipart', () => {
  const upload = operation({
    bodyKind: 'multipart',
    body: z.object({ note: z.string() }),
    files: { document: { description: 'the document' } },
  });
  async function multipart(form: FormData) {
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const raw = new Uint8Array(await encoded.arrayBuffer());
    return [new Request('http://x', { method: 'POST', headers: { 'content-type': type } }), raw] as const;
  }

  it('gives the text fields through the schema and the declared files', async () => {
    const form = new FormData();
    form.set('note', 'hello');
    form.set('document', new Blob(['%PDF-1'], { type: 'application/pdf' }), 'a.pdf');
    const parsed = await parseBody(upload, ...(await multipart(form)), limit);
    expect(parsed.body).toEqual({ note: 'hello' });
    expect(parsed.files).toMatchObject({ document: { name: 'a.pdf', type: 'application/pdf', size: 6 } });
    expect(parsed.canonical).toContain('"sha256"');
  });

  it('an undeclared file, a missing one and a bad field are one 422', async () => {
    const form = new FormData();
    form.set('other', new Blob(['x']), 'x.txt');
    const error = await parseBody(upload, ...(await multipart(form)), limit).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(422);
    const fields = isApiError(error) ? (error.fieldErrors ?? []).map((problem) => problem.field) : [];
    expect(fields.sort()).toEqual(['document', 'note', 'other']);
  });
});
