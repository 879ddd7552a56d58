'use client';
// Owns validating a form with a zod schema that arrives after the page: the zod resolver of @hookform/resolvers over
// a lazySchema loader, both imported on first use so neither zod nor the resolver counts against the first load.
import { useEffect, useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A react-hook-form resolver over a lazily loaded schema (see lib/platform/browser/lazy-schema.ts). */
export function lazyResolver<T extends FieldValues>(load: () => Promise<z.ZodType>): Resolver<T> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    // The schema's output is the form's values; the resolver's generics cannot see that through z.ZodType.
    const resolve = zodResolver(schema as z.ZodType<T, T>) as unknown as Resolver<T>;
    return resolve(values, context, options);
  };
}

/** The resolver for a form, with the schema fetched as the form mounts so it is there by the first keystroke. */
export function useLazyResolver<T extends FieldValues>(load: () => Promise<z.ZodType>): Resolver<T> {
  useEffect(() => {
    void load().catch(() => undefined);
    void import('@hookform/resolvers/zod').catch(() => undefined);
  }, [load]);
  return useMemo(() => lazyResolver<T>(load), [load]);
}
