// Unit tests of the path and query: a malformed path value names no resource (404), a parameter the operation does
// not take is refused by the sandbox (422) and named by production (X-Ignored-Parameters).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from '@/lib/platform/errors/api-error';
import { defineOperation } from '@/lib/platform/operations/operation';
import { httpStatusOf } from '../error-status';
import { beginExchange } from './begin';
import { parseParams, parseQueryOf } from './parse-input';

const operation = defineOperation({
  id: 'testRead',
  method: 'GET',
  path: '/api/v2/test/{id}',
  summary: 'test',
  tags: ['test'],
  params: z.object({ id: z.uuid() }),
  query: z.object({ limit: z.coerce.number().int().max(100).optional() }),
  response: { status: 200, description: 'ok', schema: z.object({}) },
});
const limit = { maxBodyBytes: 1024 };
const params = (value: Record<string, string>) => ({ params: Promise.resolve(value) });
const statusOf = (error: unknown) => (isApiError(error) ? httpStatusOf(error.kind) : error);

describe('parseParams', () => {
  it('parses the path values, and answers a value the schema refuses with 404', async () => {
    const id = '01a2261a-f14b-72de-b744-22ae58c0b596';
    expect(await parseParams(operation, params({ id }), limit)).toEqual({ id });
    expect(
      statusOf(await parseParams(operation, params({ id: 'nope' }), limit).catch((e: unknown) => e)),
    ).toBe(404);
  });

  it('does not even await the params of an operation that declares none', async () => {
    const { params: _declared, ...none } = operation;
    const never = { params: new Promise<Record<string, string>>(() => {}) };
    expect(await parseParams(none, never, limit)).toBeUndefined();
  });
});

describe('parseQueryOf', () => {
  const exchangeFor = (query: string) =>
    beginExchange(operation, new Request(`http://x/api/v2/test/1${query}`));

  it('parses the query through its schema (422 when it refuses it)', () => {
    expect(parseQueryOf(operation, exchangeFor('?limit=5'), { APP_ENV: 'sandbox' }, limit)).toEqual({
      limit: 5,
    });
    let error: unknown;
    try {
      parseQueryOf(operation, exchangeFor('?limit=500'), { APP_ENV: 'sandbox' }, limit);
    } catch (thrown) {
      error = thrown;
    }
    expect(statusOf(error)).toBe(422);
  });

  it('a parameter the operation does not take: 422 in the sandbox, named in a header in production', () => {
    let error: unknown;
    try {
      parseQueryOf(operation, exchangeFor('?limt=5'), { APP_ENV: 'sandbox' }, limit);
    } catch (thrown) {
      error = thrown;
    }
    expect(statusOf(error)).toBe(422);
    const exchange = exchangeFor('?limt=5&limit=5');
    expect(parseQueryOf(operation, exchange, { APP_ENV: 'production' }, limit)).toEqual({ limit: 5 });
    expect(exchange.headers.get('x-ignored-parameters')).toBe('limt');
  });
});
