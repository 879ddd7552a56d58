// Owns business time for payouts (quote expiry, funding deadline, draft expiry): the organization's clock, except
// where a caller replays history (the demo seed) and names the moment its calls happen at.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '@/db/client';
import { organizationNow } from '@/lib/clock';

const replayedAt = new AsyncLocalStorage<Date>();

/** "Now" for an organization's business deadlines: its sandbox clock (real time in production). */
export async function businessNow(executor: Executor, orgId: string): Promise<Date> {
  return replayedAt.getStore() ?? organizationNow(executor, orgId);
}

/**
 * Runs `fn` as if it happened at `at` (only the services called inside see it): the demo seed creates, confirms and
 * advances its batches through the real services at the moments of its story.
 */
export function atBusinessTime<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  return replayedAt.run(at, fn);
}
