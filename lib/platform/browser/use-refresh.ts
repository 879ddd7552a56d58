// Owns refetching after a change: every cached call of an operation is invalidated (keys start with its id, see
// apiQueryKey in ./queries.ts). Its own module, so tests that stub the query hooks keep the real refresh.
import { useQueryClient } from '@tanstack/react-query';

/** A function that refetches every call of `operation` the page shows. */
export function useRefresh(operation: { id: string }): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [operation.id] });
}
