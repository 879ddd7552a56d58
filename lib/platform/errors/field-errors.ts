// Owns the translation of zod issues into field errors whose messages start with the field's path.
import type { z } from 'zod';
import type { FieldError } from './api-error';
import { type FieldErrorCode, isFieldErrorCode } from './field-codes';

/**
 * Parse with `{ reportInput: true }` so issues carry the value they judged: that is how a missing field
 * ("is required") is told apart from one of the wrong type. The input never reaches a response.
 */
export const PARSE_OPTIONS = { reportInput: true } as const;

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code !== 'custom' && 'input' in issue && issue.input === undefined;
}

function codeOf(issue: z.core.$ZodIssue): FieldErrorCode {
  if (isMissing(issue)) return 'required';
  // A refinement that runs a service's rules keeps their code (`not_used`, `too_long`, …); those rules are typed by
  // the catalogue, and anything else stays the generic `custom` rather than an uncatalogued code.
  if (issue.code === 'custom')
    return typeof issue.params?.code === 'string' && isFieldErrorCode(issue.params.code)
      ? issue.params.code
      : 'custom';
  // `unrecognized_keys` is answered per key as `unknown_field` (below).
  return issue.code === 'unrecognized_keys' ? 'unknown_field' : issue.code;
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (isMissing(issue)) return 'is required';
  if (issue.code === 'invalid_type')
    return `must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
  if (issue.code === 'invalid_value' && issue.values.length > 1)
    return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'invalid_value') return `must be ${String(issue.values[0])}`;
  return issue.message;
}

/** `orders.2.beneficiary_amount: must be a decimal string` — one entry per issue (`ApiError.validation` keeps one per field). */
export function fieldErrorsFromZod(error: z.ZodError, prefix?: string): FieldError[] {
  const errors: FieldError[] = [];
  const pathOf = (parts: PropertyKey[]) =>
    [...(prefix ? [prefix] : []), ...parts.map(String)].join('.') || '(body)';
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = pathOf([...issue.path, key]);
        errors.push({ field, code: 'unknown_field', message: `${field}: is not a recognised field` });
      }
      continue;
    }
    const field = pathOf(issue.path);
    errors.push({ field, code: codeOf(issue), message: `${field}: ${messageOf(issue)}` });
  }
  return errors;
}
