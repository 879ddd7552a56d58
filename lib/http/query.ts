// Owns reading a request's query string into an operation's query schema (DESIGN "Date-times in queries"): the last
// value of a repeated parameter wins, but only when every value of it is valid — otherwise 422, so a client never
// gets an answer to a question it did not mean to ask (`limit=500&limit=5` is refused, not served with 5).
import type { z } from 'zod';
import type { FieldError } from '@/lib/errors/api-error';
import { ApiError } from '@/lib/errors/api-error';
import { fieldErrorsFromZod, PARSE_OPTIONS } from '@/lib/errors/field-errors';

/** Every value of each parameter, in the order sent. */
function valuesByName(params: URLSearchParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of params) {
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  return values;
}

/**
 * Parses `params` with `schema`: the input is each parameter's last value; each earlier value of a repeated parameter
 * is checked too (in place of the last, the other parameters unchanged), and any refusal is a 422 naming the field.
 */
export function parseQuery(schema: z.ZodType | undefined, params: URLSearchParams): unknown {
  if (!schema) return undefined;
  const values = valuesByName(params);
  const last = Object.fromEntries([...values].map(([name, list]) => [name, list.at(-1)!]));
  const result = schema.safeParse(last, PARSE_OPTIONS);
  const errors: FieldError[] = result.success ? [] : fieldErrorsFromZod(result.error);
  for (const [name, list] of values) {
    if (list.length < 2 || errors.some((error) => error.field === name)) continue;
    for (const earlier of new Set(list.slice(0, -1))) {
      if (earlier === list.at(-1)) continue;
      const attempt = schema.safeParse({ ...last, [name]: earlier }, PARSE_OPTIONS);
      if (attempt.success) continue;
      const own = fieldErrorsFromZod(attempt.error).filter((error) => error.field === name);
      if (own.length === 0) continue;
      errors.push(...own);
      break;
    }
  }
  if (errors.length > 0) throw ApiError.validation(errors);
  return result.data;
}
