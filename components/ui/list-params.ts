'use client';
// Owns a list's state in the URL (page, limit, sort, filters), so a reload or a shared link shows the same rows.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useRef } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

export interface ListParams {
  page: number;
  limit: number;
  /** `?sort=created_at` ascending, `?sort=-created_at` descending. */
  sort: SortState | null;
  /** Any other query parameter (filters). */
  get: (name: string) => string | null;
  /** Changes parameters; `undefined`/null removes one. Changing anything but `page` goes back to page 1. */
  set: (changes: Record<string, string | number | null | undefined>) => void;
  /** The API query string for this state: `limit=…&page=…` plus the filters given. */
  apiQuery: (filters?: readonly string[]) => string;
}

function wholeNumber(value: string | null, fallback: number, min: number, max: number): number {
  if (!value || !/^\d+$/.test(value)) return fallback;
  return Math.min(Math.max(Number(value), min), max);
}

/**
 * Page state kept in the component instead of the URL, for a second list on a page whose URL state belongs to
 * another (a batch's orders, the event log beside the delivery log): pages only, no sort or filters.
 */
export function localPageParams(page: number, limit: number, setPage: (page: number) => void): ListParams {
  return {
    page,
    limit,
    sort: null,
    get: () => null,
    set: (changes) => setPage(changes.page ? Number(changes.page) : 1),
    apiQuery: () => '',
  };
}

export function parseSort(value: string | null): SortState | null {
  if (!value) return null;
  return value.startsWith('-')
    ? { key: value.slice(1), direction: 'desc' }
    : { key: value, direction: 'asc' };
}

export function useListParams({ defaultLimit = 25 }: { defaultLimit?: number } = {}): ListParams {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const page = wholeNumber(search.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  const limit = wholeNumber(search.get('limit'), defaultLimit, 1, 100);
  const sortValue = search.get('sort');
  const sort = useMemo(() => parseSort(sortValue), [sortValue]);

  // The query of a change not yet in the URL (router.replace commits later): a second change before then builds on
  // it, so choosing a status and then searching a reference keeps both.
  const pending = useRef<{ base: string; query: string } | null>(null);
  const current = search.toString();
  if (pending.current && pending.current.base !== current) pending.current = null;

  const set = useCallback<ListParams['set']>(
    (changes) => {
      const next = new URLSearchParams(pending.current?.query ?? current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      const query = next.toString();
      pending.current = { base: current, query };
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, current],
  );

  const apiQuery = useCallback<ListParams['apiQuery']>(
    (filters = []) => {
      const query = new URLSearchParams({ limit: String(limit), page: String(page) });
      for (const name of filters) {
        const value = search.get(name);
        if (value) query.set(name, value);
      }
      return query.toString();
    },
    [limit, page, search],
  );

  return { page, limit, sort, get: (name) => search.get(name), set, apiQuery };
}
