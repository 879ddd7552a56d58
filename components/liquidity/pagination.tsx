'use client';
// Owns list paging controls: page size, first/previous/next/last, and where in the list you are.

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function Pagination({
  page,
  limit,
  total,
  onChange,
  noun,
}: {
  page: number;
  limit: number;
  total: number;
  onChange: (next: { page?: number; limit?: number }) => void;
  noun: string;
}) {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : Math.min((page - 1) * limit + 1, total + 1);
  const to = Math.min(page * limit, total);
  const button =
    'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p data-testid="pagination-summary">
        {from > total ? `No ${noun} on this page` : `${from}–${to} of ${total} ${noun}`} · Page {page} of{' '}
        {lastPage}
      </p>
      {/* Two groups that wrap as wholes on a phone, never a button on a line of its own. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 whitespace-nowrap">
          Per page
          <select
            value={limit}
            onChange={(event) => onChange({ limit: Number(event.target.value), page: 1 })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span className="flex items-center gap-2">
          <button type="button" className={button} disabled={page <= 1} onClick={() => onChange({ page: 1 })}>
            First
          </button>
          <button
            type="button"
            className={button}
            disabled={page <= 1}
            onClick={() => onChange({ page: Math.min(page - 1, lastPage) })}
          >
            Previous
          </button>
          <button
            type="button"
            className={button}
            disabled={page >= lastPage}
            onClick={() => onChange({ page: page + 1 })}
          >
            Next
          </button>
          <button
            type="button"
            className={button}
            disabled={page >= lastPage}
            onClick={() => onChange({ page: lastPage })}
          >
            Last
          </button>
        </span>
      </div>
    </nav>
  );
}
