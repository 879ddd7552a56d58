// Unit tests of which target a token is compared with: the raw one when it is the routed request, never another.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency';
import { signedUriOf } from './raw-target';

/** What Next gives a route handler: its own re-serialisation of the query. */
const routed = (pathAndQuery: string) => new URL(`http://localhost:3000${pathAndQuery}`);
const withRaw = (raw: string) => new Headers({ 'x-payout-raw-target': raw });

describe('signedUriOf', () => {
  it('without the header, the path and query Next gives', () => {
    expect(signedUriOf(new Headers(), routed('/api/v2/events?a=1'))).toEqual({
      uri: '/api/v2/events?a=1',
      trusted: true,
    });
  });

  it.each([
    ['/api/v2/events?a=1&b=2&a=3', '/api/v2/events?a=1&a=3&b=2'],
    ['/api/v2/events?b=1&2=x', '/api/v2/events?2=x&b=1'],
    ['/api/v2/events?a', '/api/v2/events?a='],
    ['/api/v2/events?', '/api/v2/events'],
    ['/api/v2/events?q=%7e%3a', '/api/v2/events?q=~:'],
    ['/api/v2/events?q=a+b', '/api/v2/events?q=a%20b'],
    ['/api/v2/events?from=2026-11-01T00:00:00Z', '/api/v2/events?from=2026-11-01T00%3A00%3A00Z'],
    ['http://example.test/api/v2/events?x=1', '/api/v2/events?x=1'],
  ])('the raw %s when Next routed %s', (raw, next) => {
    const expected = raw.startsWith('http') ? raw.slice('http://example.test'.length) : raw;
    expect(signedUriOf(withRaw(raw), routed(next))).toEqual({ uri: expected, trusted: true });
  });

  it.each([
    ['another path', '/api/v2/orders?a=1', '/api/v2/events?a=1'],
    ['another value', '/api/v2/events?a=2', '/api/v2/events?a=1'],
    ['a value dropped', '/api/v2/events?a=1', '/api/v2/events?a=1&a=2'],
    ['repeated values reordered', '/api/v2/events?a=2&a=1', '/api/v2/events?a=1&a=2'],
    ['a path written as a host', '//evil.example/api/v2/events', '/api/v2/events'],
    ['not a target', 'api/v2/events', '/api/v2/events'],
  ])('untrusted: %s', (_name, raw, next) => {
    expect(signedUriOf(withRaw(raw), routed(next)).trusted).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('one text per value, whatever the whitespace and key order', () => {
    const a = canonicalJson(JSON.parse('{"b":1,"a":{"y":[1,{"d":2,"c":3}],"x":null}}'));
    const b = canonicalJson(
      JSON.parse('{ "a" : { "x" : null, "y" : [ 1, { "c" : 3, "d" : 2 } ] }, "b" : 1 }'),
    );
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"x":null,"y":[1,{"c":3,"d":2}]},"b":1}');
    // Arrays keep their order: [1,2] is another value than [2,1].
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
