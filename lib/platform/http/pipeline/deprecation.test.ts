// Unit tests of the deprecation step: a deprecated operation's every answer from here on says so.
import { describe, expect, it } from 'vitest';
import { announceDeprecation } from './deprecation';
import { testExchange, testOperation } from './test-exchange';

const operation = testOperation;
const config = { APP_BASE_URL: 'https://portal.example' };

describe('announceDeprecation', () => {
  it('adds Deprecation, Sunset and Link for a deprecated operation', () => {
    const deprecated = operation({
      deprecated: { sunset: new Date('2027-03-01T00:00:00Z'), replacement: 'GET /api/v2/other' },
    });
    const exchange = testExchange(deprecated);
    announceDeprecation(deprecated, exchange, config);
    expect(exchange.headers.get('deprecation')).toBe('true');
    expect(exchange.headers.get('sunset')).toBe('Mon, 01 Mar 2027 00:00:00 GMT');
    expect(exchange.headers.get('link')).toBe(
      '<https://portal.example/docs/changelog#deprecations>; rel="deprecation"',
    );
  });

  it('adds nothing otherwise', () => {
    const exchange = testExchange(operation());
    announceDeprecation(operation(), exchange, config);
    expect([...exchange.headers.keys()]).toEqual(['x-request-id']);
  });
});
