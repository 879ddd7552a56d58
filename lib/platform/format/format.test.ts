// Unit tests of the formatters: exact money in the reader's separators, dates in their timezone, deadlines counting down.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIAT_CURRENCIES, formatFiat, formatUsdt } from '@/lib/platform/money';
import {
  chainName,
  countdown,
  countOf,
  formatBytes,
  formatDate,
  formatMoney,
  localeFromAcceptLanguage,
  roundForCurrency,
  shortenMiddle,
  statusLabel,
} from './';

describe('formatMoney', () => {
  it('shows USDT with at least 2 and up to 6 decimals, every unit the ledger holds, on every page', () => {
    expect(formatMoney('158855.495365', 'USDT')).toBe('158,855.495365 USDT');
    expect(formatMoney('158855.4', 'USDT')).toBe('158,855.40 USDT');
    expect(formatMoney('60485.61', 'USDT')).toBe('60,485.61 USDT');
    expect(formatMoney('2.345', 'USDT')).toBe('2.345 USDT');
    expect(formatMoney('1.23456750', 'USDT')).toBe('1.234568 USDT');
    expect(formatMoney('1555', 'EUR')).toBe('1,555.00 EUR');
  });

  it('writes the figure of the statement CSV and the API, grouped: the statement and the pages agree to the unit', () => {
    const amount = fc
      .tuple(fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    const ungrouped = (text: string) => text.replaceAll(',', '');
    fc.assert(
      fc.property(amount, fc.constantFrom(...FIAT_CURRENCIES), (value, currency) => {
        expect(ungrouped(formatMoney(value, 'USDT', { withCurrency: false }))).toBe(formatUsdt(value));
        expect(ungrouped(formatMoney(value, currency, { withCurrency: false }))).toBe(
          formatFiat(value, currency),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('rounds a shortfall up, so depositing the figure shown covers it', () => {
    expect(formatMoney('161912.184635', 'USDT', { rounding: 'up' })).toBe('161,912.19 USDT');
    expect(formatMoney('161912.18', 'USDT', { rounding: 'up' })).toBe('161,912.18 USDT');
    expect(formatMoney('0.000001', 'USDT', { rounding: 'up' })).toBe('0.01 USDT');
    expect(formatMoney('99.991', 'EUR', { rounding: 'up' })).toBe('100.00 EUR');
    expect(formatMoney('0.1', 'JPY', { rounding: 'up' })).toBe('1 JPY');
  });

  it('groups thousands with 2 decimals at least', () => {
    expect(formatMoney('1000000', 'USDT')).toBe('1,000,000.00 USDT');
    expect(formatMoney('0', 'USDT')).toBe('0.00 USDT');
  });

  it('uses each fiat currency’s minor units', () => {
    expect(formatMoney('1250', 'JPY')).toBe('1,250 JPY');
    expect(formatMoney('1234.5', 'EUR')).toBe('1,234.50 EUR');
    expect(formatMoney('1.2345', 'BHD')).toBe('1.234 BHD');
  });

  it('never loses a digit a JS number would', () => {
    expect(formatMoney('12345678901234567890.123456', 'USDT')).toBe('12,345,678,901,234,567,890.123456 USDT');
    expect(formatMoney('12345678901234567890.1234565001', 'USDT')).toBe(
      '12,345,678,901,234,567,890.123457 USDT',
    );
    expect(formatMoney('9007199254740993.01', 'USD')).toBe('9,007,199,254,740,993.01 USD');
  });

  it('follows the locale’s separators', () => {
    expect(formatMoney('1234567.5', 'EUR', { locale: 'de-DE' })).toBe('1.234.567,50 EUR');
    expect(formatMoney('12345678.5', 'INR', { locale: 'en-IN' })).toBe('1,23,45,678.50 INR');
  });

  it('signs ledger changes and drops the code when asked', () => {
    expect(formatMoney('-250.5', 'USDT')).toBe('-250.50 USDT');
    expect(formatMoney('250.5', 'USDT', { signDisplay: 'always' })).toBe('+250.50 USDT');
    expect(formatMoney('0.00', 'USDT', { signDisplay: 'exceptZero', withCurrency: false })).toBe('0.00');
    expect(formatMoney('-0.0000001', 'USDT')).toBe('0.00 USDT');
  });

  it('refuses anything that is not a decimal string', () => {
    expect(() => formatMoney('1e3', 'USDT')).toThrow(TypeError);
    expect(() => formatMoney('12,50', 'USDT')).toThrow(TypeError);
    expect(() => roundForCurrency('', 'EUR')).toThrow(TypeError);
  });
});

describe('roundForCurrency', () => {
  it('rounds half to even exactly as the server does, without decimal.js', () => {
    expect(roundForCurrency('2.345', 'EUR')).toBe('2.34');
    expect(roundForCurrency('2.3450001', 'EUR')).toBe('2.35');
    expect(roundForCurrency('2.355', 'EUR')).toBe('2.36');
    expect(roundForCurrency('999.995', 'USD')).toBe('1000.00');
    expect(roundForCurrency('0.5', 'JPY')).toBe('0');
    expect(roundForCurrency('007.5', 'JPY')).toBe('8');
    expect(roundForCurrency('1.23456750', 'USDT')).toBe('1.234568');
    expect(roundForCurrency('-0.0000004', 'USDT')).toBe('0.00');
    const amount = fc
      .tuple(fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(amount, fc.constantFrom(...FIAT_CURRENCIES), (value, currency) => {
        expect(roundForCurrency(value, currency)).toBe(formatFiat(value, currency));
        expect(roundForCurrency(value, 'USDT')).toBe(formatUsdt(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatDate', () => {
  const at = '2026-11-23T14:05:00Z';

  it('renders in the given locale and timezone', () => {
    expect(formatDate(at, 'date', { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 23, 2026');
    expect(formatDate(at, 'datetime', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      '23 Nov 2026, 15:05',
    );
  });

  it('names the timezone on deadlines', () => {
    expect(formatDate(at, 'deadline', { locale: 'en-GB', timeZone: 'UTC' })).toBe('23 Nov 2026, 14:05 UTC');
    expect(formatDate(at, 'deadline', { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Nov 23, 2026, 09:05 AM EST',
    );
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('countdown', () => {
  const deadline = '2026-11-23T15:00:00Z';
  const at = (iso: string) => new Date(iso);

  it('counts down in days, hours, minutes and seconds', () => {
    expect(countdown(deadline, at('2026-11-21T13:00:00Z')).label).toBe('2 d 2 h left');
    expect(countdown(deadline, at('2026-11-23T13:55:00Z')).label).toBe('1 h 05 min left');
    expect(countdown(deadline, at('2026-11-23T14:55:51Z')).label).toBe('4 min 09 s left');
    expect(countdown(deadline, at('2026-11-23T14:59:30Z')).label).toBe('30 s left');
  });

  it('turns urgent near the deadline and says expired after it', () => {
    expect(countdown(deadline, at('2026-11-23T14:00:00Z')).urgent).toBe(false);
    expect(countdown(deadline, at('2026-11-23T14:31:00Z')).urgent).toBe(true);
    expect(countdown(deadline, at('2026-11-23T14:00:00Z'), 2 * 3600_000).urgent).toBe(true);
    expect(countdown(deadline, at('2026-11-23T15:00:00Z'))).toEqual({
      expired: true,
      urgent: false,
      remainingMs: 0,
      label: 'expired',
    });
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the first supported tag, else en-US', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeFromAcceptLanguage('*')).toBe('en-US');
    expect(localeFromAcceptLanguage('not a tag!!, en-GB')).toBe('en-GB');
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
  });
});

describe('formatBytes', () => {
  it('reads bytes, then KB and MB with one decimal, 1,024 to the next unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});

describe('countOf', () => {
  it('says "1 order" and "2 orders", grouping large counts', () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(48, 'order')).toBe('48 orders');
    expect(countOf(1250, 'row')).toBe('1,250 rows');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('statusLabel and chainName', () => {
  it('says a status in words, never the API code', () => {
    expect(statusLabel('SUBMITTED')).toBe('Submitted');
    expect(statusLabel('AWAITING_CONFIRMATION')).toBe('Awaiting confirmation');
    expect(statusLabel('pending_approval')).toBe('Pending approval');
    expect(statusLabel('CANCELLED_EXPIRED')).toBe('Cancelled (expired)');
  });

  it('names chains as they are written, whatever the code', () => {
    expect(chainName('tron')).toBe('TRON');
    expect(chainName('TRON')).toBe('TRON');
    expect(chainName('ethereum')).toBe('Ethereum');
    expect(chainName('base')).toBe('Base');
  });

  it('elides the middle of a long identifier only', () => {
    expect(shortenMiddle('TXYZabcdefghijklmnopwxyz1234', 4)).toBe('TXYZ…1234');
    expect(shortenMiddle('short', 4)).toBe('short');
  });
});
