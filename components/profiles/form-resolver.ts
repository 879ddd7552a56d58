'use client';
// Owns checking a profile form with the API's own schema (body shape plus the services' rules) through the zod
// resolver: only the fields the form shows are checked, empty inputs count as absent, as the API reads them.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { lazyResolver } from '@/components/ui/lazy-resolver';

/** Empty inputs are absent values, as the API reads them. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as Partial<T>;
}

/**
 * The zod resolver over a lazily loaded profile schema. `shown` gives what is checked (hidden fields as empty);
 * `ignoreRequired` lists fields that may stay empty although the rules require them (an edit leaves a stored IBAN
 * or ID number empty to keep it: the API never sends it back). A valid form submits the values as typed.
 */
export function profileResolver<T extends FieldValues>(
  load: () => Promise<z.ZodType>,
  options: { shown: (values: T) => T; ignoreRequired?: readonly string[] },
): Resolver<T> {
  const resolve = lazyResolver<T>(load);
  return async (values, context, resolverOptions) => {
    const result = await resolve(withoutEmpty(options.shown(values)) as T, context, resolverOptions);
    const errors = Object.fromEntries(
      Object.entries(result.errors).filter(
        ([field, error]) => !(options.ignoreRequired?.includes(field) && error?.message === 'is required'),
      ),
    );
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<T> };
    return { values, errors: {} };
  };
}
