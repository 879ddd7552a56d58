// Owns reading an organization's USDT balances: available, held and total, as kept by the ledger.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts } from '@/db/schema/ledger';
import { dec, formatUsdt } from '@/lib/platform/money';

export interface Balance {
  currency: 'USDT';
  available: string;
  held: string;
  total: string;
}

export async function getBalance(executor: Executor, orgId: string): Promise<Balance> {
  const rows = await executor
    .select({ type: ledgerAccounts.type, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.orgId, orgId), eq(ledgerAccounts.currency, 'USDT')));
  const available = dec(rows.find((row) => row.type === 'available')?.balance ?? '0');
  const held = dec(rows.find((row) => row.type === 'held')?.balance ?? '0');
  return {
    currency: 'USDT',
    available: formatUsdt(available),
    held: formatUsdt(held),
    total: formatUsdt(available.plus(held)),
  };
}
