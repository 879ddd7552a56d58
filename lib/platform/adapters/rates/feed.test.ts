// The rates feed's reader: numbers keep their written digits, malformed entries are rejected one by one.
import { describe, expect, it } from 'vitest';
import { quoteJsonNumbers, readFeed } from './feed';

describe('rates feed', () => {
  it('keeps a number rate as written, digits a float would lose included', () => {
    const reading = readFeed(
      '{"rates":[{"currency":"EUR","rate":0.923100000001,"as_of":"2026-01-01T10:00:00Z"},{"currency":"JPY","rate":"150.25","as_of":"2026-01-01T10:00:00+01:00"}]}',
    );
    expect(reading).toEqual({
      ok: true,
      rates: [
        { currency: 'EUR', unitsPerUsdt: '0.923100000001', asOf: new Date('2026-01-01T10:00:00Z') },
        { currency: 'JPY', unitsPerUsdt: '150.25', asOf: new Date('2026-01-01T09:00:00Z') },
      ],
      rejected: [],
    });
  });

  it('rejects a bad entry and keeps the rest; a body of another shape is refused whole', () => {
    const reading = readFeed(
      '{"rates":[{"currency":"EUR","rate":"-1","as_of":"2026-01-01T10:00:00Z"},{"currency":"GBP","rate":1e3,"as_of":"2026-01-01T10:00:00Z"},{"currency":"USD","rate":"1","as_of":"yesterday"},{"currency":"CHF","rate":"0.88","as_of":"2026-01-01T10:00:00Z"}]}',
    );
    expect(reading.ok && reading.rates.map((rate) => rate.currency)).toEqual(['CHF']);
    expect(reading.ok && reading.rejected.map((entry) => entry.index)).toEqual([0, 1, 2]);
    expect(readFeed('{"rates": 3}')).toEqual({ ok: false, problem: 'the feed has no "rates" array' });
    expect(readFeed('<html>')).toEqual({ ok: false, problem: 'the feed is not valid JSON' });
  });

  it('leaves strings alone, escaped quotes included', () => {
    expect(quoteJsonNumbers('{"a":"x\\"1","b":[1,-2.5]}')).toBe('{"a":"x\\"1","b":["1","-2.5"]}');
  });
});
