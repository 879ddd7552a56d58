// Owns the provider's payout accounts: the bank accounts the payouts desk pays from, one active per currency, created
// by a support lead (audited).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { payoutAccounts } from '@/db/schema/payouts';
import type { createPayoutAccountBody, PayoutAccountWire } from '@/lib/payouts/contract/desk-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export function toWirePayoutAccount(row: PayoutAccountRow): PayoutAccountWire {
  return {
    id: row.id,
    name: row.name,
    account_number: row.accountNumber,
    bic: row.bic,
    currency: row.currency,
    active: row.active,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPayoutAccounts(executor: Executor): Promise<{ data: PayoutAccountWire[] }> {
  const rows = await executor
    .select()
    .from(payoutAccounts)
    .orderBy(desc(payoutAccounts.active), asc(payoutAccounts.currency), desc(payoutAccounts.createdAt));
  return { data: rows.map(toWirePayoutAccount) };
}

/** Every currency's active account, by currency. */
export async function activePayoutAccounts(executor: Executor): Promise<Map<string, PayoutAccountRow>> {
  const rows = await executor.select().from(payoutAccounts).where(eq(payoutAccounts.active, true));
  return new Map(rows.map((row) => [row.currency, row]));
}

/** A new account becomes its currency's active one; the previous one stays, inactive, for the orders it paid. */
export async function createPayoutAccount(
  executor: Executor,
  actor: StaffActor,
  body: z.output<typeof createPayoutAccountBody>,
): Promise<PayoutAccountWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const at = now();
    await tx
      .update(payoutAccounts)
      .set({ active: false, updatedAt: at })
      .where(and(eq(payoutAccounts.currency, body.currency), eq(payoutAccounts.active, true)));
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        name: body.name,
        accountNumber: body.account_number,
        bic: body.bic,
        currency: body.currency,
        createdByUserId: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'payout_account.created',
      actor: userAuditActor(actor.userId, true),
      subjectId: row!.id,
      data: { name: row!.name, currency: row!.currency, bic: row!.bic },
    });
    return toWirePayoutAccount(row!);
  });
}
