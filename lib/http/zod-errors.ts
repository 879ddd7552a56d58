// Owns the translation of zod issues into field errors whose messages start with the field's path.
import type { z } from 'zod';
import type { FieldError } from './errors';

function pathOf(issue: z.core.$ZodIssue, prefix?: string): string {
  const parts = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
  return parts.join('.') || '(body)';
}

function codeOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'unrecognized_keys') return 'unknown_field';
  return issue.code;
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  return issue.message;
}

/** `orders.2.beneficiary_amount: must be a decimal string` — one entry per failing field. */
export function fieldErrorsFromZod(error: z.ZodError, prefix?: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...(prefix ? [prefix] : []), ...issue.path.map(String), key].join('.');
        errors.push({ field, code: 'unknown_field', message: `${field}: is not a recognised field` });
      }
      continue;
    }
    const field = pathOf(issue, prefix);
    errors.push({ field, code: codeOf(issue), message: `${field}: ${messageOf(issue)}` });
  }
  return errors;
}
