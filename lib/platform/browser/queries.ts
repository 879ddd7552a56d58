// Owns the react-query hooks every portal page reads /api/v2 through: keyed by operation id and arguments.
import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { PayoutApiError } from '@/lib/platform/client/errors';
import type { ResponseWireOf } from '@/lib/platform/operations/operation';
import { type ApiArgs, apiFetch, type Callable } from './api';

/** The cache key of one call: invalidate `[operation.id]` to refetch every call of an operation. */
export function apiQueryKey<O extends Callable>(operation: O, args?: ApiArgs<O>): readonly unknown[] {
  const { signal: _signal, idempotencyKey: _key, ...rest } = (args ?? {}) as Record<string, unknown>;
  return [operation.id, rest];
}

export function useApiQuery<O extends Callable>(
  operation: O,
  args: ApiArgs<O>,
  options: Omit<UseQueryOptions<ResponseWireOf<O>, PayoutApiError>, 'queryKey' | 'queryFn'> = {},
): UseQueryResult<ResponseWireOf<O>, PayoutApiError> {
  return useQuery<ResponseWireOf<O>, PayoutApiError>({
    ...options,
    queryKey: apiQueryKey(operation, args),
    queryFn: ({ signal }) =>
      (apiFetch as (operation: O, args: ApiArgs<O>) => Promise<ResponseWireOf<O>>)(operation, {
        ...args,
        signal,
      }),
  });
}
