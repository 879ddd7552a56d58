// Owns list pagination for every list endpoint: `limit` 1–100 (default 50), `page` ≥ 1 (default 1), and the list envelope.
import { z } from 'zod';

/**
 * Parses a whole-number query value within bounds; an absent value is `undefined`. An empty one (`limit=`) is
 * refused like any other non-number (the spec: an invalid `limit` or `page` is a validation error), so a client
 * whose template left the value out hears about it instead of silently getting the default.
 */
function parseWholeNumber(
  value: string | undefined,
  ctx: z.core.$RefinementCtx<string | undefined>,
  min: number,
  max: number | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: `must be a whole number` });
    return z.NEVER;
  }
  // `page` has no maximum (spec); a value past what a number holds exactly means "beyond the end" and is
  // kept as the largest safe integer, so it can never become an OFFSET PostgreSQL refuses.
  const parsed = Math.min(Number(value), Number.MAX_SAFE_INTEGER);
  if (parsed < min || (max !== undefined && parsed > max)) {
    ctx.addIssue({
      code: 'custom',
      message: max === undefined ? `must be at least ${min}` : `must be between ${min} and ${max}`,
    });
    return z.NEVER;
  }
  return parsed;
}

const wholeNumber = (name: string, min: number, max: number | undefined, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => parseWholeNumber(value, ctx, min, max) ?? fallback)
    .meta({ description: `${name}` });

/** The same checks, but an absent value stays absent (for lists that are whole unless a page is asked for). */
const optionalWholeNumber = (name: string, min: number, max: number | undefined) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => parseWholeNumber(value, ctx, min, max))
    .meta({ description: `${name}` });

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** Query fields shared by every paginated list; extend with the list's own filters. */
export const paginationQuery = z.object({
  limit: wholeNumber('Page size, 1 to 100 (default 50).', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  page: wholeNumber('1-based page number (default 1).', 1, undefined, 1),
});

/**
 * `limit` and `page` for a list that answers every item unless a page is asked for (a bare array, such as the
 * spec's utilization proofs): both parse to `undefined` when absent; see `optionalPage`.
 */
export const optionalPaginationQuery = z.object({
  limit: optionalWholeNumber(
    'Page size, 1 to 100 (50 when only page is given). Without limit and page, every item is returned.',
    1,
    MAX_PAGE_SIZE,
  ),
  page: optionalWholeNumber(
    '1-based page number (1 when only limit is given). Without limit and page, every item is returned.',
    1,
    undefined,
  ),
});

/** The page asked for through `optionalPaginationQuery`, or `undefined` for the whole list. */
export function optionalPage(query: { limit?: number; page?: number }): PageRequest | undefined {
  if (query.limit === undefined && query.page === undefined) return undefined;
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, page: query.page ?? 1 };
}

export interface PageRequest {
  limit: number;
  page: number;
}

export interface ListEnvelope<T> {
  items: T[];
  meta: { limit: number; page: number; total: number };
}

/** Rows to skip for a page; pages past the end simply return no items. */
export function pageOffset({ limit, page }: PageRequest): number {
  return Math.min((page - 1) * limit, Number.MAX_SAFE_INTEGER);
}

export function listEnvelope<T>(items: T[], request: PageRequest, total: number): ListEnvelope<T> {
  return { items, meta: { limit: request.limit, page: request.page, total } };
}

/** The `meta` of every page. */
const pageMetaSchema = z
  .object({
    limit: z.number().int().meta({ description: 'Page size used' }),
    page: z.number().int().meta({ description: 'Current 1-based page number' }),
    total: z
      .number()
      .int()
      .meta({ description: 'Total number of items matching the query across all pages' }),
  })
  .meta({ id: 'PageMeta' });

// One page schema per item schema: its id may be registered once, and every list of that item shares it.
const pages = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `{items, meta}` of one item schema. Named `<Item>Page` in the OpenAPI document when the item has an id, so a
 * generated client gets one type per list (`WithdrawalPage`) rather than an anonymous object per operation.
 */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  const known = pages.get(item);
  if (known) return known as ReturnType<typeof pageOf<T>>;
  const page = pageOf(item);
  pages.set(item, page);
  return page;
}

function pageOf<T extends z.ZodType>(item: T) {
  const id = item.meta()?.id;
  const page = z.object({ items: z.array(item), meta: pageMetaSchema });
  return id ? page.meta({ id: `${id}Page`, description: `A page of ${id} items` }) : page;
}

// Cursor lists (DESIGN "Cursors"): the query fields and the envelope; reading a keyset page is lib/platform/pagination/cursor.ts (server side).

/** What every cursor list's operation says about its cursors (the OpenAPI description). */
export const CURSOR_PAGINATION =
  'Cursor pagination: pass `starting_after` (the id of the last item read) to continue right after that item, or `ending_before` (the id of the first) to page backwards; unlike offset pages, which shift when items arrive or leave between two calls, a cursor never shows an item twice nor skips one. `meta.has_more` says whether more items follow in the direction read. A cursor with `page` above 1, both cursors at once, or an id that is not an item of this list is a 422 naming the parameter.';
const cursorId = (description: string) =>
  z
    .uuid({ error: 'must be the id of an item of this list' })
    .optional()
    .meta({ description, example: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' });

/**
 * `limit`, `page` and the two cursors. Either cursor takes the place of `page` (with `page` above 1 it is a
 * `validation` error), and the two cannot be combined; an id that is not in the organization's list is a `validation`
 * error naming the parameter.
 */
export const cursorPaginationQuery = paginationQuery.extend({
  starting_after: cursorId(
    'Cursor: the page starts right after this item (the id of the last item of the previous page), in the list’s order. Not with `ending_before`, nor with `page` above 1.',
  ),
  ending_before: cursorId(
    'Cursor: the page ends right before this item (the id of the first item of the next page), in the list’s order — to page backwards. Not with `starting_after`, nor with `page` above 1.',
  ),
});

export interface CursorListEnvelope<T> extends ListEnvelope<T> {
  meta: { limit: number; page: number; total: number; has_more: boolean };
}

/** The zod shape of a cursor list envelope (used by the OpenAPI document). */
const cursorPageMetaSchema = pageMetaSchema
  .extend({
    page: z.number().int().meta({ description: 'Current 1-based page number (1 with a cursor)' }),
    has_more: z.boolean().meta({
      description:
        'Whether more items follow in the direction read: after the last item (offset pages and `starting_after`), or before the first (`ending_before`)',
    }),
  })
  .meta({ id: 'CursorPageMeta' });

const cursorPages = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `{items, meta}` of a list that takes cursors: `meta` adds `has_more`. Named `<Item>Page` like every other list
 * (an item is listed either with cursors or without, never both), with its meta as `CursorPageMeta`.
 */
export function cursorListEnvelopeSchema<T extends z.ZodType>(item: T) {
  const known = cursorPages.get(item);
  if (known) return known as ReturnType<typeof cursorPageOf<T>>;
  const page = cursorPageOf(item);
  cursorPages.set(item, page);
  return page;
}

function cursorPageOf<T extends z.ZodType>(item: T) {
  const id = item.meta()?.id;
  const page = z.object({ items: z.array(item), meta: cursorPageMetaSchema });
  return id ? page.meta({ id: `${id}Page`, description: `A page of ${id} items` }) : page;
}
