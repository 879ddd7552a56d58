// Owns the one table look of the app: bordered, scrollable on narrow screens, a header row of column names.
import type { ReactNode } from 'react';

export function Table({
  columns,
  caption,
  children,
}: {
  columns: string[];
  caption?: string;
  children: ReactNode;
}) {
  return (
    // A focusable region, so keyboard users can scroll a wide table sideways.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboards can scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </section>
  );
}
