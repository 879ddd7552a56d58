'use client';
// Owns paging a list already in memory (a draft's quoted orders) with the shared <Pagination> control.
import { useState } from 'react';
import type { ListParams } from '@/components/ui/list-params';

export function useLocalPages<T>(items: readonly T[], defaultLimit: number) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(defaultLimit);
  const last = Math.max(1, Math.ceil(items.length / limit));
  const current = Math.min(page, last);
  const offset = (current - 1) * limit;
  const params: ListParams = {
    page: current,
    limit,
    sort: null,
    get: () => null,
    set: (changes) => {
      if (typeof changes.limit === 'number' || typeof changes.limit === 'string') {
        setLimit(Number(changes.limit));
        setPage(1);
      }
      if ('page' in changes) setPage(changes.page ? Number(changes.page) : 1);
    },
    apiQuery: () => '',
  };
  return { items: items.slice(offset, offset + limit), offset, params };
}
