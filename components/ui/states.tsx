// Owns the empty and error states every list and card shows instead of a blank: what happened and what to do next.
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { Alert, Inbox } from './icons';
import type { ListParams } from './list-params';
import { Pagination } from './pagination';
import { LoadingBlock } from './skeleton';

export function EmptyState({
  title,
  description,
  action,
  className,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-2 px-4 py-8 text-center', className)}>
      <span className="grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Inbox className="size-5" />
      </span>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {description ? <p className="max-w-sm text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  className,
}: {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-2 rounded-md bg-red-50 p-4 sm:flex-row sm:items-center',
        className,
      )}
    >
      <Alert className="size-5 text-red-600" />
      <div className="flex-1 text-sm">
        <p className="font-semibold text-red-800">{title}</p>
        {message ? <p className="break-words text-red-700">{message}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** As much of a list query's result (react-query's) as the states below read. */
interface ListQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: D;
  refetch: () => unknown;
}

/**
 * A list's query as the person sees it: a loading block, the error with a retry, the empty state, or the list itself
 * (`children`, given the loaded items). One place for the four states a console or portal list shows.
 */
export function ListStates<T>({
  result,
  loading,
  error,
  empty,
  children,
}: {
  result: ListQuery<{ data: readonly T[] }>;
  /** The loading block's label, e.g. "Loading the withdrawals". */
  loading: string;
  /** The error's title, e.g. "Could not load the withdrawals" (else "Something went wrong"). */
  error?: string;
  empty: { title: string; description?: ReactNode };
  children: (items: readonly T[]) => ReactNode;
}) {
  if (result.isPending) return <LoadingBlock label={loading} />;
  if (result.isError || !result.data)
    return <ErrorState title={error} error={result.error} onRetry={() => void result.refetch()} />;
  if (result.data.data.length === 0)
    return <EmptyState title={empty.title} description={empty.description} />;
  return <>{children(result.data.data)}</>;
}

/**
 * A page of the API's list envelope (`items`, `meta.total`) in the same four states: the page's items, then the
 * pagination bar over them; the error says only what the refusal says.
 */
export function PagedListStates<T>({
  result,
  params,
  loading,
  empty,
  children,
}: {
  result: ListQuery<{ items: readonly T[]; meta: { total: number } }>;
  /** From useListParams(): the page and its size, in the URL. */
  params: ListParams;
  /** The loading block's label, e.g. "Loading organizations". */
  loading: string;
  empty: { title: string; description?: ReactNode };
  children: (items: readonly T[]) => ReactNode;
}) {
  const page = result.data;
  const list = {
    isPending: result.isPending,
    isError: result.isError,
    error: result.error,
    data: page ? { data: page.items } : undefined,
    refetch: result.refetch,
  };
  return (
    <ListStates result={list} loading={loading} empty={empty}>
      {(items) => (
        <>
          {children(items)}
          <Pagination params={params} total={page?.meta.total ?? items.length} />
        </>
      )}
    </ListStates>
  );
}
