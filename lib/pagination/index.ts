// Owns list pagination for every list endpoint: `limit` 1–100 (default 50), `page` ≥ 1 (default 1), and the list envelope.
import { z } from 'zod';

/** Parses a whole-number query value within bounds; an empty or absent value is `undefined`. */
function parseWholeNumber(
  value: string | undefined,
  ctx: z.core.$RefinementCtx<string | undefined>,
  min: number,
  max: number | undefined,
): number | undefined {
  if (value === undefined || value === '') return undefined;
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
