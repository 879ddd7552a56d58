'use client';
// Owns the list table every page uses: column headers that sort (aria-sort), loading/empty/error rows,
// and the pagination bar over the API's limit/page/total — all of it kept in the URL by useListParams. Below md each
// row is a labelled card (the look and the card behaviour are table.tsx's).
import type { ReactNode } from 'react';
import { focusRing } from './button';
import { cn } from './cn';
import { Sort } from './icons';
import type { ListParams, SortState } from './list-params';
import { Pagination } from './pagination';
import { Skeleton } from './skeleton';
import { EmptyState, ErrorState } from './states';
import { cardLabel, tableClasses } from './table';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The column can sort; the value compared when sorting on the client (see sortRows). */
  sortValue?: (row: T) => string | number;
  align?: 'left' | 'right';
  /** The column's name on a phone card when `header` is not plain text. */
  label?: string;
}

function labelOf<T>(column: Column<T>): string {
  return column.label ?? cardLabel(column.header);
}

/** Sorts one page of rows by a column's sortValue (strings by locale, numbers numerically; money: compare decimals as strings of equal scale, or sort on the server). */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null): T[] {
  const column = sort ? columns.find((c) => c.key === sort.key && c.sortValue) : undefined;
  if (!sort || !column?.sortValue) return [...rows];
  const value = column.sortValue;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order * factor;
  });
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  params,
  total,
  isPending = false,
  error,
  onRetry,
  empty,
  pageSizes,
}: {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** data-testid of each data row, for tests that pick rows. */
  rowTestId?: string;
  /** From useListParams(): sort and page state in the URL. Omit for a table without sorting/pagination. */
  params?: ListParams;
  /** The list envelope's meta.total; shows the pagination bar when given. */
  total?: number;
  isPending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty?: ReactNode;
  pageSizes?: readonly number[];
}) {
  const sort = params?.sort ?? null;
  const toggleSort = (key: string) => {
    if (!params) return;
    const next = sort?.key === key && sort.direction === 'asc' ? `-${key}` : sort?.key === key ? null : key;
    params.set({ sort: next });
  };
  const headerClasses = (column: Column<T>) => cn('px-3 py-2.5', column.align === 'right' && 'text-right');
  const cellClasses = (column: Column<T>) =>
    cn(tableClasses.cell, 'md:py-2.5', column.align === 'right' && 'md:text-right');

  return (
    <div className="space-y-3">
      {/* A focusable region, so keyboard users can scroll a wide table sideways. */}
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboards can scroll it (WCAG 2.1.1)
        tabIndex={0}
        className={tableClasses.region}
      >
        <table className={tableClasses.table}>
          <caption className="sr-only">{caption}</caption>
          <thead className={tableClasses.head}>
            <tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : false;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={headerClasses(column)}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : column.sortValue
                            ? 'none'
                            : undefined
                    }
                  >
                    {column.sortValue && params ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(column.key)}
                        className={cn(
                          'inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900',
                          column.align === 'right' && 'flex-row-reverse',
                          focusRing,
                        )}
                      >
                        {column.header}
                        <Sort sortDirection={direction} className="size-3.5" />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {error ? (
              <tr className={tableClasses.row}>
                <td colSpan={columns.length} className={cn(tableClasses.wideCell, 'p-3')}>
                  <ErrorState title="Could not load this list" error={error} onRetry={onRetry} />
                </td>
              </tr>
            ) : isPending || !rows ? (
              Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={i} className={tableClasses.row}>
                  {columns.map((column) => (
                    <td key={column.key} className={cellClasses(column)} data-label={labelOf(column)}>
                      <Skeleton className="inline-block h-4 w-24 max-w-32 md:block md:w-full" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr className={tableClasses.row}>
                <td colSpan={columns.length} className={tableClasses.wideCell}>
                  {empty ?? <EmptyState title="Nothing here yet" />}
                </td>
              </tr>
            ) : (
              sortRows(rows, columns, params ? sort : null).map((row) => (
                <tr
                  key={rowKey(row)}
                  data-testid={rowTestId}
                  className={cn(tableClasses.row, 'hover:bg-slate-50')}
                >
                  {columns.map((column) => (
                    <td key={column.key} className={cellClasses(column)} data-label={labelOf(column)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {isPending && !error ? (
          <span role="status" className="sr-only">
            Loading {caption}
          </span>
        ) : null}
      </section>
      {params && total !== undefined ? (
        <Pagination params={params} total={total} pageSizes={pageSizes} />
      ) : null}
    </div>
  );
}
