// Owns the low-balance notice: after an event that moves the available balance, an organization below its threshold
// (`low_balance_threshold_usdt`, null = off) is told once, until the balance is back at or above it.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { lowBalanceAlerts } from '@/db/schema/notifications';
import { organizationMembers, organizationNoticeSettings } from '@/lib/identity/server';
import { getBalance } from '@/lib/ledger/server';
import type { RecordedEvent } from '@/lib/platform/events/listeners';
import { dec, formatUsdt } from '@/lib/platform/money';
import type { Notice } from './notices';

/** The events recorded with a movement of the available balance (the posting comes first in their transaction). */
const MOVES_AVAILABLE = new Set([
  'funding.deposit_credited',
  'funding.held',
  'funding.released',
  'withdrawal.submitted',
  'withdrawal.failed',
]);

export async function lowBalanceNotices(executor: Executor, event: RecordedEvent): Promise<Notice[]> {
  const orgId = event.orgId;
  if (!orgId || !MOVES_AVAILABLE.has(event.type)) return [];
  const settings = await organizationNoticeSettings(executor, orgId);
  if (!settings) return [];
  const threshold = settings.lowBalanceThresholdUsdt;
  const { available } = await getBalance(executor, orgId);
  if (threshold === null || dec(available).gte(threshold)) {
    // Recovered (or the alert was switched off): the next fall is told again.
    await executor.delete(lowBalanceAlerts).where(eq(lowBalanceAlerts.orgId, orgId));
    return [];
  }
  // Once until it recovers: only the transaction that creates the alert row tells anyone.
  const created = await executor
    .insert(lowBalanceAlerts)
    .values({ orgId })
    .onConflictDoNothing()
    .returning({ orgId: lowBalanceAlerts.orgId });
  if (created.length === 0) return [];
  const people = await organizationMembers(executor, orgId, { roles: ['approver', 'admin'] });
  return [
    {
      orgId,
      kind: 'low_balance',
      userIds: people.map((person) => person.userId),
      title: `The available balance is below ${formatUsdt(threshold)} USDT`,
      body: `${formatUsdt(available)} USDT is available. Deposit USDT before the next batch or withdrawal.`,
      link: '/',
    },
  ];
}
