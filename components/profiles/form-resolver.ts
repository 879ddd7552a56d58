'use client';
// Owns checking a profile form with the API's own schema (body shape plus the services' rules) through the zod
// resolver: only the fields the form shows are checked, and empty inputs count as absent, as the API reads them.
import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useLazyResolver } from '@/components/ui/lazy-resolver';

/** Empty inputs are absent values, as the API reads them. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as Partial<T>;
}

/**
 * The zod resolver over a lazily loaded profile schema (fetched as the form mounts). `shown` gives what is checked
 * (hidden fields as empty); `ignoreRequired` lists fields that may stay empty although the rules require them (an edit
 * leaves a stored IBAN or ID number empty to keep it: the API never sends it back). A valid form submits the values
 * as typed.
 */
export function useProfileResolver<T extends FieldValues>(
  load: () => Promise<z.ZodType>,
  shown: (values: T) => T,
  ignoreRequired: readonly string[],
): Resolver<T> {
  const resolve = useLazyResolver<T>(load);
  const ignored = ignoreRequired.join(',');
  return useMemo<Resolver<T>>(() => {
    const mayStayEmpty = ignored ? ignored.split(',') : [];
    return async (values, context, options) => {
      const result = await resolve(withoutEmpty(shown(values)) as T, context, options);
      const errors = Object.fromEntries(
        Object.entries(result.errors).filter(
          ([field, error]) => !(mayStayEmpty.includes(field) && error?.message === 'is required'),
        ),
      );
      if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<T> };
      return { values, errors: {} };
    };
  }, [resolve, shown, ignored]);
}
