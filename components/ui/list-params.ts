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

  const current = search.toString();
  // What the URL holds as of the latest render, and the query of a change not yet in it (router.replace commits
  // later). Both live in a ref, not in `set`'s closure: a second change builds on the first even when it is made
  // before the URL catches up, and even through a `set` an earlier render handed out (a form's submit handler that
  // awaited its validation while the first change committed), so choosing a status and then searching a reference
  // keeps both. Any change of the URL (ours committing, or Back) makes it the base again.
  const url = useRef<{ current: string; pending: string | null }>({ current, pending: null });
  if (url.current.current !== current) url.current = { current, pending: null };

  const set = useCallback<ListParams['set']>(
    (changes) => {
      const next = new URLSearchParams(url.current.pending ?? url.current.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      const query = next.toString();
      url.current.pending = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
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
