// Owns the keyset window of the streamed CSV exports: rows in (created_at, id) order, read a chunk at a time up to the
// last row as of the export's start, each row's place kept as PostgreSQL's text so no microsecond is lost.
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

/** A row's place in (created_at, id) order, its time as PostgreSQL's text: microseconds a JS Date would drop. */
export type RowKey = { at: string; id: string };

/** The column's instant as text, for a RowKey (select it beside the row). */
export function keyText(createdAt: AnyColumn): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

/** The rows after `after` (from the first when null) up to and including `last`, in (createdAt, id) order. */
export function chunkWindow(
  createdAt: AnyColumn,
  id: AnyColumn,
  last: RowKey,
  after: RowKey | null,
): SQL | undefined {
  return and(
    sql`(${createdAt}, ${id}) <= (${last.at}::timestamptz, ${last.id}::uuid)`,
    after ? sql`(${createdAt}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  );
}
