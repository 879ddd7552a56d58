// The redirect-target rule against the spellings browsers resolve to another host.
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

describe('sameOriginPath', () => {
  it.each([
    ['/\\evil.example/phish'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example/phish'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/%09/evil.example'],
    ['/%5Cevil.example'],
    ['/%5C%5Cevil.example'],
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['https://evil.example/'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    [' /settings'],
    ['settings'],
    [''],
    ['/%E0%A4%A'],
    [`/${'a'.repeat(3000)}`],
    [null],
    [undefined],
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/settings', '/settings'],
    ['/batches?status=draft&page=2', '/batches?status=draft&page=2'],
    ['/invitations/abc_DEF-123', '/invitations/abc_DEF-123'],
    ['/settings#security', '/settings#security'],
    ['/batches/../settings', '/settings'],
    ['/a b', '/a%20b'],
  ])('keeps %j as %j', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });

  it('answers the given fallback for a refused value', () => {
    expect(sameOriginPath('//evil.example', '/login')).toBe('/login');
  });
});
