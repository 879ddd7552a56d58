'use client';
// Owns moving through a long list: first/previous/next/last, "21–40 of 312", the page size — over the API's limit/page/total.
import { Button } from './button';
import { type ListParams, PAGE_SIZES } from './list-params';
import { Select } from './select';

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
          <span id="page-size-label">Rows per page</span>
          <Select
            aria-label="Rows per page"
            className="h-8 w-20 py-1"
            value={String(limit)}
            onValueChange={(value) => params.set({ limit: value })}
            options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          />
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
