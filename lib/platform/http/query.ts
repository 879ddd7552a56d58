// Owns reading a request's query string into an operation's query schema (DESIGN "Date-times in queries"): the last
// value of a repeated parameter wins, but only when every value of it is valid — otherwise 422, so a client never
// gets an answer to a question it did not mean to ask (`limit=500&limit=5` is refused, not served with 5). Likewise
// a parameter the operation does not take (a misspelt filter) is named to the client, never silently dropped.
import type { z } from 'zod';
import type { FieldError } from '@/lib/platform/errors/api-error';
import { ApiError } from '@/lib/platform/errors/api-error';
import { fieldErrorsFromZod, PARSE_OPTIONS } from '@/lib/platform/errors/field-errors';

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

/** The response header naming the query parameters an answer ignored (production; the sandbox refuses them). */
export const IGNORED_PARAMETERS_HEADER = 'X-Ignored-Parameters';
/** At most this many names in the header, so a request of a thousand parameters does not get a header as long. */
const MAX_IGNORED_NAMED = 20;

/** The parameter names `schema` takes: the keys of its object shape (every query schema is an object). */
function parameterNames(schema: z.ZodType | undefined): ReadonlySet<string> {
  if (!schema) return new Set();
  if (!('shape' in schema) || typeof schema.shape !== 'object' || schema.shape === null) {
    throw new Error('a query schema must be a zod object');
  }
  return new Set(Object.keys(schema.shape));
}

/** The names in `params` the operation does not take, each once, in the order sent. */
export function ignoredParameters(schema: z.ZodType | undefined, params: URLSearchParams): string[] {
  const known = parameterNames(schema);
  return [...new Set(params.keys())].filter((name) => !known.has(name));
}

/** The sandbox's refusal of parameters an operation does not take: 422 naming each. */
export function unknownParametersError(names: readonly string[]): ApiError {
  return ApiError.validation(
    names.map((name) => ({
      field: name,
      code: 'unknown_parameter',
      message: `${name}: is not a parameter of this operation`,
    })),
  );
}

/** The header's value: the names percent-encoded as in a query (any name fits a header that way), at most 20. */
export function ignoredParametersHeader(names: readonly string[]): string {
  const listed = names.slice(0, MAX_IGNORED_NAMED).map((name) => encodeURIComponent(name));
  return names.length > MAX_IGNORED_NAMED ? `${listed.join(', ')}, ...` : listed.join(', ');
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
