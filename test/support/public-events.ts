// Owns reading an organization's public events as an integrator does — GET /api/v2/events, every page — so tests assert
// what a client can see rather than rows of the events table (internal audit events never appear here).
import type { PayoutApiClient } from '@/lib/platform/client/client';

export interface PublicEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  data: { object: T };
}

const PAGE = 100;

/**
 * The organization's public events, oldest first; `types` filters as the API does, `about` keeps those whose object is
 * one of the given resources (its `id`).
 */
export async function publicEvents<T = Record<string, unknown>>(
  client: PayoutApiClient,
  options: { types?: readonly string[]; about?: readonly string[] } = {},
): Promise<PublicEvent<T>[]> {
  const found: PublicEvent<T>[] = [];
  const type = options.types?.length ? `&type=${options.types.join(',')}` : '';
  for (let page = 1; ; page += 1) {
    const { data } = await client.request<{ items: PublicEvent<T>[] }>(
      'GET',
      `/api/v2/events?limit=${PAGE}&page=${page}${type}`,
    );
    found.push(...data.items);
    if (data.items.length < PAGE) break;
  }
  const about = options.about ? new Set(options.about) : null;
  return found
    .filter((event) => !about || about.has(String((event.data.object as { id?: unknown }).id)))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
