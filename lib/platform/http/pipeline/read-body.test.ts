// Unit tests of reading the body: within the limit (413 as it arrives), marked as read, and a refusal given before it
// was read closes the connection.
import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from '../error-status';
import { closeIfBodyUnread, readBody } from './read-body';
import { testExchange, testOperation } from './test-exchange';

const operation = testOperation({
  id: 'testWrite',
  method: 'POST',
});
const post = (body: string | null, headers: Record<string, string> = {}) =>
  testExchange(operation, { headers, body });

describe('readBody', () => {
  it('returns the bytes exactly as sent and marks the body read', async () => {
    const exchange = post('{"a": 1}');
    const raw = await readBody(exchange, operation, { maxBodyBytes: 100 });
    expect(new TextDecoder().decode(raw)).toBe('{"a": 1}');
    expect(exchange.bodyRead).toBe(true);
  });

  it('refuses more than the limit with 413, the body then not read', async () => {
    const exchange = post('x'.repeat(101));
    const error = await readBody(exchange, operation, { maxBodyBytes: 100 }).catch(
      (thrown: unknown) => thrown,
    );
    expect(isApiError(error) && httpStatusOf(error.kind)).toBe(413);
    expect(exchange.bodyRead).toBe(false);
  });
});

describe('closeIfBodyUnread', () => {
  it('closes the connection of a refused request whose body is still on the wire', () => {
    const response = new Response(null, { status: 401 });
    closeIfBodyUnread(post(null, { 'content-length': '10' }), response);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('leaves it open when there is no body, or once the body was read', () => {
    const none = new Response(null, { status: 401 });
    closeIfBodyUnread(post(null, { 'content-length': '0' }), none);
    expect(none.headers.get('connection')).toBeNull();
    const read = post(null, { 'content-length': '10' });
    read.bodyRead = true;
    const answered = new Response(null, { status: 422 });
    closeIfBodyUnread(read, answered);
    expect(answered.headers.get('connection')).toBeNull();
  });
});
