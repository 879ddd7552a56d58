// Date-times in queries (#38 §6): every instant of years 0001–9999 in UTC, written with any RFC 3339 offset.
import { describe, expect, it } from 'vitest';
import { queryDateTime } from './common';

const schema = queryDateTime('test');
const parse = (value: string) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error.issues.map((issue) => issue.message);
};
const OUTSIDE = ['must fall between years 0001 and 9999 in UTC'];

describe('queryDateTime', () => {
  it('accepts the first and last instants of years 0001–9999 and the years before 1901', () => {
    expect(parse('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(parse('0099-06-15T12:00:00Z')).toBe('0099-06-15T12:00:00.000Z');
    expect(parse('1900-12-31T23:59:59Z')).toBe('1900-12-31T23:59:59.000Z');
    expect(parse('9999-12-31T23:59:59Z')).toBe('9999-12-31T23:59:59.000Z');
    expect(parse('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
  });

  it('converts an offset to UTC, also across a year boundary', () => {
    expect(parse('0001-01-01T23:00:00+23:00')).toBe('0001-01-01T00:00:00.000Z');
    expect(parse('0001-12-31T20:00:00-05:00')).toBe('0002-01-01T01:00:00.000Z');
    expect(parse('1901-01-01T00:30:00+01:00')).toBe('1900-12-31T23:30:00.000Z');
    expect(parse('9999-12-31T08:00:00-15:59')).toBe('9999-12-31T23:59:00.000Z');
  });

  it('refuses an instant that lands outside years 0001–9999 in UTC once its offset is applied', () => {
    expect(parse('0001-01-01T00:30:00+01:00')).toEqual(OUTSIDE);
    expect(parse('0000-12-31T23:59:59Z')).toEqual(OUTSIDE);
    expect(parse('9999-12-31T23:59:59-01:00')).toEqual(OUTSIDE);
  });

  it('refuses a malformed date-time', () => {
    expect(parse('1900-12-31')).toEqual(['must be an ISO 8601 timestamp']);
    expect(parse('1900-13-01T00:00:00Z')).toEqual(['must be an ISO 8601 timestamp']);
  });
});
