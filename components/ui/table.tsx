// Owns the one table look of the app: bordered, a header row of column names from the md breakpoint up, and below it
// (phones, narrow windows) every row a card whose cells each carry their column's name, so no column is ever cut
// off or scrolled out of sight. DataTable renders through the same classes.
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

/** The classes of each table part; below md the table, its body, rows and cells are plain blocks (cards). */
export const tableClasses = {
  region: 'relative rounded-lg border border-slate-200 bg-white md:overflow-x-auto',
  table: 'block w-full text-left text-sm md:table md:min-w-full md:divide-y md:divide-slate-200',
  // Hidden on a card (each cell names its column) but still read by screen readers.
  head: 'sr-only bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 md:not-sr-only md:table-header-group',
  body: 'block divide-y divide-slate-200 md:table-row-group md:divide-slate-100',
  row: 'block py-2 md:table-row md:py-0',
  /**
   * On a card: the column's name (the cell's data-label, drawn by CSS so a long table adds no nodes) on the left, the
   * value on the right (`table-card-cell` in app/globals.css, one rule rather than a dozen variants on every cell).
   * From md: a table cell.
   */
  cell: 'table-card-cell px-3 py-1 md:table-cell md:py-2',
  /** A cell spanning every column (loading, empty, error): a block on a card, no label. */
  wideCell: 'block md:table-cell',
} as const;

/** The text a card shows for a column: its header when that is plain text, else nothing (an actions column). */
export function cardLabel(header: ReactNode): string {
  return typeof header === 'string' ? header : '';
}

type CellProps = { className?: string; colSpan?: number; children?: ReactNode; 'data-label'?: string };
type RowProps = { className?: string; children?: ReactNode };

/** Puts each <td> of a <tr> into card form, labelled by the column it sits under (colSpan counted). */
function cardRow(row: ReactElement<RowProps>, columns: readonly ReactNode[]): ReactElement {
  let column = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement<CellProps>(cell) || (cell.type !== 'td' && cell.type !== 'th')) return cell;
    const span = cell.props.colSpan ?? 1;
    const label = columns[column];
    column += span;
    if (span > 1) return cloneElement(cell, { className: cn(tableClasses.wideCell, cell.props.className) });
    return cloneElement(cell, {
      className: cn(tableClasses.cell, cell.props.className),
      'data-label': cardLabel(label),
    } as CellProps);
  });
  return cloneElement(row, { className: cn(tableClasses.row, row.props.className) }, cells);
}

function cardRows(children: ReactNode, columns: readonly ReactNode[]): ReactNode {
  return Children.map(children, (child) => {
    if (!isValidElement<RowProps>(child)) return child;
    if (child.type === Fragment) return cardRows(child.props.children, columns);
    if (child.type === 'tr') return cardRow(child, columns);
    return child;
  });
}

/**
 * A table of plain rows: `<tr>`s of `<td>`s as children, one per column. Rows that are components of their own
 * are left as they are, so keep rows as literal <tr> elements (or use DataTable).
 */
export function Table({
  columns,
  caption,
  children,
}: {
  columns: readonly ReactNode[];
  caption?: string;
  children: ReactNode;
}) {
  return (
    // A focusable region, so keyboard users can scroll a wide table sideways.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboards can scroll it (WCAG 2.1.1)
      tabIndex={0}
      className={tableClasses.region}
    >
      <table className={tableClasses.table}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={tableClasses.head}>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table and may be empty strings
              <th key={index} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tableClasses.body}>{cardRows(children, columns)}</tbody>
      </table>
    </section>
  );
}
