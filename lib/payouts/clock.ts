// Owns business time for payouts (quote expiry, funding deadline, draft expiry): read through lib/clock only.
import type { Executor } from '@/db/client';
import { now } from '@/lib/clock';

/** "Now" for an organization's business deadlines. */
export async function businessNow(_executor: Executor, _orgId: string): Promise<Date> {
  return now();
}
