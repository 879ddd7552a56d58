// Owns the wire formats shared by every schema: ids, timestamps, decimal amounts (DESIGN "Wire formats").
import { z } from 'zod';
import { DECIMAL_STRING, decimalPlaces } from '@/lib/platform/money/facts';

export const idSchema = z
  .uuid()
  .meta({ description: 'UUID (v7)', example: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' });

export const timestampSchema = z.iso
  .datetime()
  .meta({ description: 'ISO 8601 UTC timestamp with milliseconds', example: '2026-11-22T09:30:00.000Z' });

/** A USDT amount as rendered: at least 2 and at most 6 decimals. */
export const usdtAmountSchema = z
  .string()
  .regex(/^\d+\.\d{2,6}$/)
  .meta({ description: 'USDT amount as a decimal string (2 to 6 decimals)', example: '1250.00' });

/** A signed USDT change (ledger movements). */
export const signedUsdtAmountSchema = z
  .string()
  .regex(/^-?\d+\.\d{2,6}$/)
  .meta({ description: 'Signed USDT amount as a decimal string', example: '-1250.00' });

/** A positive decimal string input with at most `maxDecimals` decimals (else 422). */
export function decimalInput(maxDecimals: number, description: string) {
  return z
    .string()
    .regex(DECIMAL_STRING, 'must be a decimal string such as "100.50"')
    .refine((value) => decimalPlaces(value) <= maxDecimals, `must have at most ${maxDecimals} decimals`)
    .refine((value) => /[1-9]/.test(value), 'must be greater than zero')
    .meta({ description, example: '1000.00' });
}

/** The instants PostgreSQL's timestamptz and every client's date type agree on: years 0001 to 9999 in UTC. */
// Not `Date.UTC(1, 0, 1)`: Date.UTC reads years 0–99 as 1900–1999, which made 1901 the earliest year (#38 §6).
const EARLIEST = new Date('0001-01-01T00:00:00.000Z').getTime();
const LATEST = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * A date-time in a query (DESIGN "Date-times in queries"): any RFC 3339 offset is accepted (`+23:00` and `-16:00`
 * included) and the value the handler sees is the same instant in UTC (`…Z`, milliseconds), so no offset ever reaches
 * a query; one that lands outside years 0001–9999 in UTC is a 422 like a malformed one, never a 500.
 */
export const queryDateTime = (description: string) =>
  z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 timestamp' })
    .transform((value, ctx) => {
      const instant = new Date(value);
      if (Number.isNaN(instant.getTime()) || instant.getTime() < EARLIEST || instant.getTime() > LATEST) {
        ctx.addIssue({ code: 'custom', message: 'must fall between years 0001 and 9999 in UTC' });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .meta({ description });

/** An optional date-time query filter, converted to UTC (see `queryDateTime`). */
export const timestampFilter = (description: string) => queryDateTime(description).optional();
