'use client';
// Owns checking a profile form with the API's own schema (body shape plus the services' rules) for react-hook-form,
// and putting the API's 400/422 field errors back onto the same inputs.
import type { FieldErrors, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import type { PayoutApiError } from '@/lib/browser/api';

/** Empty inputs are absent values, as the API reads them. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as Partial<T>;
}

/**
 * A resolver over a zod schema (or a lazySchema loader). `ignoreRequired` lists fields that may stay empty although
 * the rules require them (an edit leaves a stored IBAN or ID number empty to keep it: the API never sends it back).
 */
export function schemaResolver<T extends FieldValues>(
  schema: z.ZodType | (() => Promise<z.ZodType>),
  options: { ignoreRequired?: readonly string[] } = {},
): Resolver<T> {
  return async (values) => {
    const checked = typeof schema === 'function' ? await schema() : schema;
    const result = checked.safeParse(withoutEmpty(values));
    const errors: Record<string, { type: string; message: string }> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!path || path in errors) continue;
        if (options.ignoreRequired?.includes(path) && issue.message === 'is required') continue;
        errors[path] = { type: issue.code, message: issue.message };
      }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as unknown as FieldErrors<T> };
    return { values: values as T, errors: {} };
  };
}

/**
 * Maps an API refusal onto the form: each field error on its input (without the repeated field name), anything
 * else as the form's own error. Returns the message for the form, or null when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): string | null {
  const apiError = error as Partial<PayoutApiError> & { message?: string };
  const fieldErrors = apiError.fieldErrors ?? [];
  let unplaced: string | null = null;
  for (const fieldError of fieldErrors) {
    const message = fieldError.message.startsWith(`${fieldError.field}: `)
      ? fieldError.message.slice(fieldError.field.length + 2)
      : fieldError.message;
    if (fields.includes(fieldError.field)) {
      setError(fieldError.field as Parameters<UseFormSetError<T>>[0], { type: 'server', message });
    } else {
      unplaced ??= fieldError.message;
    }
  }
  if (fieldErrors.length === 0) return apiError.message ?? 'The request failed';
  return unplaced;
}
