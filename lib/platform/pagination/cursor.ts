// Owns reading cursor pages (DESIGN "Cursors") for the lists a client reconciles against — events, funding transactions,
// orders, withdrawals: `starting_after` / `ending_before` name an item of the list and the page continues from it, so
// an item arriving or leaving between two calls can neither be seen twice nor skipped (offset pages can do both).
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { type CursorListEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';

export type { CursorListEnvelope };

export interface Cursor {
  startingAfter?: string;
  endingBefore?: string;
}

export interface CursorPageRequest extends PageRequest, Cursor {}

/**
 * The page request of a cursor list; refuses both cursors at once, or a cursor with `page` above 1 (a `validation`
 * error).
 */
export function cursorPageRequest(query: {
  limit: number;
  page: number;
  starting_after?: string;
  ending_before?: string;
}): CursorPageRequest {
  const errors: FieldError[] = [];
  if (query.starting_after && query.ending_before) {
    errors.push({
      field: 'ending_before',
      code: 'cursor_conflict',
      message: 'ending_before: cannot be combined with starting_after',
    });
  }
  if ((query.starting_after || query.ending_before) && query.page > 1) {
    errors.push({
      field: 'page',
      code: 'cursor_conflict',
      message: 'page: must be 1 (or absent) with starting_after or ending_before',
    });
  }
  if (errors.length > 0) throw ApiError.validation(errors);
  return {
    limit: query.limit,
    page: query.page,
    ...(query.starting_after ? { startingAfter: query.starting_after } : {}),
    ...(query.ending_before ? { endingBefore: query.ending_before } : {}),
  };
}

/** A list's table as keysetStart needs it: owned by an organization, its items named by `id`. */
type ListTable = PgTable & { orgId: AnyPgColumn; id: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * Where a keyset page starts: the condition on the list's sort key (`keys`, a row value such as `o.created_at, o.id`,
 * compared with the cursor item's own `cursorKeys`, by default its `created_at, id`), the direction to read in, and how
 * many rows to fetch (one more than the page, to know whether there is more). Without a cursor, the offset page. The
 * cursor item must exist in the organization's list (`table`, by `org_id` and `id`) — whatever the filters, since an
 * item's status may have changed since it was read — or the request is a `validation` error naming the parameter.
 */
export async function keysetStart<Table extends ListTable>(
  executor: Executor,
  request: CursorPageRequest,
  list: { table: Table; orgId: string; keys: SQL; cursorKeys?: AnyPgColumn[]; scope?: SQL },
): Promise<{ condition?: SQL; backwards: boolean; fetch: number; offset: number }> {
  const id = request.startingAfter ?? request.endingBefore;
  if (!id) return { backwards: false, fetch: request.limit, offset: pageOffset(request) };
  const param = request.startingAfter ? 'starting_after' : 'ending_before';
  const { table } = list;
  const item = sql.join(
    [eq(table.orgId, list.orgId), eq(table.id, id), ...(list.scope ? [list.scope] : [])],
    sql` and `,
  );
  const [found] = await executor
    .select({ id: table.id })
    .from(table as PgTable)
    .where(item);
  if (!found) {
    throw ApiError.validation([
      { field: param, code: 'unknown_cursor', message: `${param}: no such item in this list` },
    ]);
  }
  const cursorKeys = sql.join(list.cursorKeys ?? [table.createdAt, table.id], sql`, `);
  const position = sql`(select ${cursorKeys} from ${table} where ${item})`;
  // Newest first: "after" the cursor is older (a smaller key), "before" it is newer.
  const condition = request.startingAfter
    ? sql`(${list.keys}) < ${position}`
    : sql`(${list.keys}) > ${position}`;
  return { condition, backwards: !request.startingAfter, fetch: request.limit + 1, offset: 0 };
}

/**
 * The page from the rows a keyset or offset read returned (`fetch` of them at most): a backwards read is put back in
 * the list's order, and `has_more` says whether items remain beyond the page in the direction read — for an offset
 * page, after it.
 */
export function cursorEnvelope<T>(
  rows: T[],
  request: CursorPageRequest,
  total: number,
  start: { backwards: boolean; fetch: number; offset: number },
): CursorListEnvelope<T> {
  const keyset = start.fetch > request.limit;
  const page = rows.slice(0, request.limit);
  if (start.backwards) page.reverse();
  const hasMore = keyset ? rows.length > request.limit : start.offset + page.length < total;
  return { items: page, meta: { limit: request.limit, page: request.page, total, has_more: hasMore } };
}
