// Owns reading the rates feed's JSON (DESIGN "Rates"): `{ "rates": [{ "currency", "rate", "as_of" }] }`, a rate as a
// JSON string or number. A number is kept as the text the feed wrote (never through a JS float, which would turn
// 0.1 + rounding into a different rate): the JSON is parsed with every number literal quoted first.
import { z } from 'zod';

/** A positive decimal of at most 18 integer and 12 fraction digits (the fx_rates column's precision). */
export const RATE_TEXT = /^(?=.*[1-9])\d{1,18}(\.\d{1,12})?$/;

const feedEntry = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "EUR"'),
  rate: z.string().regex(RATE_TEXT, 'must be a positive decimal with at most 12 fraction digits'),
  as_of: z.iso.datetime({ offset: true }),
});

const feedSchema = z.object({ rates: z.array(z.unknown()) });

export interface FeedRate {
  currency: string;
  unitsPerUsdt: string;
  asOf: Date;
}

export type FeedReading =
  | { ok: true; rates: FeedRate[]; rejected: { index: number; problem: string }[] }
  | { ok: false; problem: string };

/**
 * Quotes every number literal outside strings, so `JSON.parse` hands each one back as its source text. Node 20's
 * `JSON.parse` has no reviver source access; this scanner is the same idea done by hand.
 */
export function quoteJsonNumbers(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index));
      const literal = match?.[0] ?? char;
      out += `"${literal}"`;
      index += literal.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/**
 * The feed's rates, each checked on its own: a malformed entry is rejected (and reported) while the good ones are
 * kept; a body that is not the feed's shape at all is refused whole.
 */
export function readFeed(text: string): FeedReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(quoteJsonNumbers(text));
  } catch {
    return { ok: false, problem: 'the feed is not valid JSON' };
  }
  const shape = feedSchema.safeParse(parsed);
  if (!shape.success) return { ok: false, problem: 'the feed has no "rates" array' };
  const rates: FeedRate[] = [];
  const rejected: { index: number; problem: string }[] = [];
  shape.data.rates.forEach((entry, index) => {
    const result = feedEntry.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0];
      rejected.push({
        index,
        problem: `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    rates.push({
      currency: result.data.currency,
      unitsPerUsdt: result.data.rate,
      asOf: new Date(result.data.as_of),
    });
  });
  return { ok: true, rates, rejected };
}
