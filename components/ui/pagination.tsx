'use client';
// Owns moving through a long list: first/previous/next/last, "21–40 of 312", the page size — over the API's limit/page/total.
import { useId } from 'react';
import { Button } from './button';
import { type ListParams, PAGE_SIZES } from './list-params';

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

export function Pagination({
  params,
  total,
  pageSizes = PAGE_SIZES,
}: {
  params: ListParams;
  total: number;
  pageSizes?: readonly number[];
}) {
  const { page, limit } = params;
  const sizeLabel = useId();
  const last = pageCount(total, limit);
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  const go = (target: number) => params.set({ page: target === 1 ? null : target });
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p aria-live="polite" data-testid="pagination-summary">
        {total === 0
          ? 'No results'
          : `${from.toLocaleString()}–${to.toLocaleString()} of ${total.toLocaleString()}`}
        {page > last ? ' (past the last page)' : null}
      </p>
      {/* Two groups that wrap as wholes on a phone, never a label or a button on a line of its own. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span id={sizeLabel}>Rows per page</span>
          {/* A native select: the styled one (Radix) would add ~20 kB to every list page for four numbers. */}
          <select
            aria-labelledby={sizeLabel}
            className="h-8 w-20 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 shadow-sm focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-600/30"
            value={String(limit)}
            onChange={(event) => params.set({ limit: event.target.value })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </span>
        <span className="flex items-center gap-2 whitespace-nowrap">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => go(1)}
            disabled={page <= 1}
            aria-label="First page"
          >
            «
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            ‹ Prev
          </Button>
          <span className="px-1 tabular-nums">
            Page {Math.min(page, last)} of {last}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => go(page + 1)}
            disabled={page >= last}
            aria-label="Next page"
          >
            Next ›
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => go(last)}
            disabled={page >= last}
            aria-label="Last page"
          >
            »
          </Button>
        </span>
      </div>
    </nav>
  );
}
