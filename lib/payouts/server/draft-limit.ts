// Owns the cap on open draft orders per organization (DESIGN "Tenant limits"): drafts cost nothing to create, so an
// organization holds at most MAX_OPEN_DRAFT_ORDERS of them; a batch that would go past it is refused whole.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutOrders } from '@/db/schema/payouts';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';

/** First key of the organization's draft advisory lock (the second is hashtext(org id)); "drft". */
const DRAFT_LOCK_CLASS = 0x64726674;

/**
 * Refuses `adding` more drafts when the organization's open ones would then exceed the cap. Takes the organization's
 * draft lock for the rest of the transaction, so two createBatch requests cannot both pass on the same count (the
 * lock is taken after the batch is checked and quoted, so it is held only while the drafts are written).
 */
export async function assertDraftRoom(tx: Executor, orgId: string, adding: number): Promise<void> {
  const limit = env().MAX_OPEN_DRAFT_ORDERS;
  await tx.execute(sql`select pg_advisory_xact_lock(${DRAFT_LOCK_CLASS}::int, hashtext(${orgId}::text))`);
  const [row] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(payoutOrders)
    .where(and(eq(payoutOrders.orgId, orgId), eq(payoutOrders.status, 'DRAFT')));
  const open = row?.open ?? 0;
  if (open + adding <= limit) return;
  const message = `the organization holds ${open} open draft orders and may hold at most ${limit}: confirm or discard drafts before adding ${adding} more`;
  throw new ApiError('draft_limit_reached', message, {
    fieldErrors: [{ field: 'orders', code: 'draft_limit_reached', message: `orders: ${message}` }],
  });
}
