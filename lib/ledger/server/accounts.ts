// Owns ledger accounts: creating an organization's accounts, finding system accounts, and locking an organization's money.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts, type OrgAccountType, type SystemAccountType } from '@/db/schema/ledger';
import { USDT } from '@/lib/platform/money';

export interface OrgAccounts {
  available: string;
  held: string;
}

/** Creates the organization's available and held USDT accounts if missing; returns their ids. */
export async function ensureOrgAccounts(executor: Executor, orgId: string): Promise<OrgAccounts> {
  await executor
    .insert(ledgerAccounts)
    .values([
      { orgId, type: 'available', currency: USDT },
      { orgId, type: 'held', currency: USDT },
    ])
    .onConflictDoNothing();
  const rows = await executor
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.orgId, orgId), eq(ledgerAccounts.currency, USDT)));
  return accountsByType(rows);
}

function accountsByType(rows: { id: string; type: string }[]): OrgAccounts {
  const find = (type: OrgAccountType) => rows.find((row) => row.type === type)?.id;
  const available = find('available');
  const held = find('held');
  if (!available || !held) throw new Error('organization ledger accounts are missing');
  return { available, held };
}

/**
 * Locks the organization's available account row for the rest of the transaction, so every money operation
 * of one organization (confirm, withdraw) runs one at a time. Returns the account ids.
 */
export async function lockOrgFunds(executor: Executor, orgId: string): Promise<OrgAccounts> {
  const rows = await executor
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.orgId, orgId), eq(ledgerAccounts.currency, USDT)))
    .orderBy(ledgerAccounts.type)
    .for('update');
  if (rows.length < 2) return ensureOrgAccounts(executor, orgId);
  return accountsByType(rows);
}

/** The provider's system account of a type, created on first use (allowed below zero only if it mirrors the outside world). */
export async function systemAccount(executor: Executor, type: SystemAccountType): Promise<string> {
  const allowNegative = type !== 'settlement';
  const [inserted] = await executor
    .insert(ledgerAccounts)
    .values({ orgId: null, type, currency: USDT, allowNegative })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (inserted) return inserted.id;
  const [existing] = await executor
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(isNull(ledgerAccounts.orgId), eq(ledgerAccounts.type, type), eq(ledgerAccounts.currency, USDT)),
    );
  if (!existing) throw new Error(`system account ${type} could not be created`);
  return existing.id;
}
