// The ledger against a real database: balanced postings, the database's own refusals, and concurrency.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@/db/schema/ledger';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { dec } from '@/lib/platform/money';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization } from '@/test/fixtures';
import { lockOrgFunds, systemAccount } from './accounts';
import { getBalance } from './balances';
import { InsufficientFundsError, postTransaction } from './post-transaction';

await useTestDatabase();

/** Drizzle wraps database errors ("Failed query: …"); the database's own message is in the cause. */
async function databaseRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(' | ');
  }
  return 'accepted';
}

async function entriesSum(): Promise<string> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries);
  return row!.total;
}

/** Moves `amount` from available to held, as confirming a batch or requesting a withdrawal will. */
async function hold(orgId: string, amount: string) {
  return db().transaction(async (tx) => {
    const accounts = await lockOrgFunds(tx, orgId);
    return postTransaction(tx, {
      orgId,
      type: 'batch_hold',
      description: 'test hold',
      entries: [
        { accountId: accounts.available, amount: `-${amount}` },
        { accountId: accounts.held, amount },
      ],
    });
  });
}

describe('ledger', () => {
  it('balances are the sum of entries, and every transaction sums to zero', async () => {
    const org = await createTestOrganization();
    await creditDeposit(db(), { orgId: org.orgId, amount: '100.123456' });
    await hold(org.orgId, '40.1');
    expect(await getBalance(db(), org.orgId)).toEqual({
      currency: 'USDT',
      available: '60.023456',
      held: '40.10',
      total: '100.123456',
    });
    const accounts = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.orgId, org.orgId));
    for (const account of accounts) {
      const [row] = await db()
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, account.id));
      expect(dec(row!.total).eq(dec(account.balance))).toBe(true);
    }
    expect(dec(await entriesSum()).isZero()).toBe(true);
  });

  it('refuses to take an available balance below zero, and stores nothing', async () => {
    const org = await createTestOrganization();
    await creditDeposit(db(), { orgId: org.orgId, amount: '50' });
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    await expect(hold(org.orgId, '50.000001')).rejects.toBeInstanceOf(InsufficientFundsError);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await getBalance(db(), org.orgId)).available).toBe('50.00');
  });

  it('the database refuses an unbalanced or one-sided transaction at commit, whatever the code does', async () => {
    const org = await createTestOrganization();
    const accounts = await lockOrgFunds(db(), org.orgId);
    const custody = await systemAccount(db(), 'custody_external');
    const unbalanced = db().transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ orgId: org.orgId, type: 'adjustment', description: 'bad' })
        .returning();
      await tx.insert(ledgerEntries).values([
        { transactionId: txn!.id, accountId: custody, currency: 'USDT', amount: '-10' },
        { transactionId: txn!.id, accountId: accounts.available, currency: 'USDT', amount: '9.99' },
      ]);
    });
    expect(await databaseRefusal(unbalanced)).toMatch(/does not sum to zero/);

    const oneSided = db().transaction(async (tx) => {
      await tx
        .insert(ledgerTransactions)
        .values({ orgId: org.orgId, type: 'adjustment', description: 'empty' });
    });
    expect(await databaseRefusal(oneSided)).toMatch(/at least two are required/);
    expect((await getBalance(db(), org.orgId)).available).toBe('0.00');
  });

  it('entries are immutable and balances change only through entries', async () => {
    const org = await createTestOrganization();
    await creditDeposit(db(), { orgId: org.orgId, amount: '10' });
    expect(await databaseRefusal(db().update(ledgerEntries).set({ amount: '1000' }))).toMatch(/immutable/);
    expect(await databaseRefusal(db().delete(ledgerEntries))).toMatch(/immutable/);
    expect(
      await databaseRefusal(
        db().update(ledgerAccounts).set({ balance: '1000000' }).where(eq(ledgerAccounts.orgId, org.orgId)),
      ),
    ).toMatch(/only through ledger entries/);
    expect(
      await databaseRefusal(
        db()
          .insert(ledgerAccounts)
          .values({ orgId: null, type: 'settlement', currency: 'EUR', balance: '5' }),
      ),
    ).toMatch(/start at zero/);
    expect((await getBalance(db(), org.orgId)).available).toBe('10.00');
  });

  it('an account cannot change its owner, type or allow_negative, and ledger tables cannot be truncated', async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    await creditDeposit(db(), { orgId: org.orgId, amount: '10' });
    const mine = eq(ledgerAccounts.orgId, org.orgId);
    expect(
      await databaseRefusal(db().update(ledgerAccounts).set({ allowNegative: true }).where(mine)),
    ).toMatch(/cannot change/);
    expect(
      await databaseRefusal(db().update(ledgerAccounts).set({ orgId: other.orgId }).where(mine)),
    ).toMatch(/cannot change/);
    expect(
      await databaseRefusal(
        db()
          .update(ledgerAccounts)
          .set({ type: 'held' })
          .where(and(mine, eq(ledgerAccounts.type, 'available'))),
      ),
    ).toMatch(/cannot change/);
    for (const table of ['ledger_entries', 'ledger_transactions', 'ledger_accounts']) {
      expect(await databaseRefusal(db().execute(sql.raw(`truncate ${table} cascade`)))).toMatch(
        /cannot be truncated/,
      );
    }
    expect((await getBalance(db(), org.orgId)).available).toBe('10.00');
  });

  it("a ledger transaction moves one organization's money only (plus system accounts)", async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    await creditDeposit(db(), { orgId: other.orgId, amount: '10' });
    const mine = await lockOrgFunds(db(), org.orgId);
    const theirs = await lockOrgFunds(db(), other.orgId);
    const crossOrg = db().transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ orgId: org.orgId, type: 'adjustment', description: 'steal' })
        .returning();
      await tx.insert(ledgerEntries).values([
        { transactionId: txn!.id, accountId: theirs.available, currency: 'USDT', amount: '-10' },
        { transactionId: txn!.id, accountId: mine.available, currency: 'USDT', amount: '10' },
      ]);
    });
    expect(await databaseRefusal(crossOrg)).toMatch(/another organization/);
    expect((await getBalance(db(), other.orgId)).available).toBe('10.00');
    expect((await getBalance(db(), org.orgId)).available).toBe('0.00');
  });

  it('concurrent deposits all land', async () => {
    const org = await createTestOrganization();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => creditDeposit(db(), { orgId: org.orgId, amount: `${i + 1}.5` })),
    );
    // 1.5 + 2.5 + … + 20.5 = 220
    expect((await getBalance(db(), org.orgId)).available).toBe('220.00');
    expect(dec(await entriesSum()).isZero()).toBe(true);
  });

  it('concurrent holds against one balance never overspend: exactly as many succeed as the balance covers', async () => {
    const org = await createTestOrganization();
    await creditDeposit(db(), { orgId: org.orgId, amount: '100' });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => hold(org.orgId, '30')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const failure of results.filter((r) => r.status === 'rejected')) {
      expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await getBalance(db(), org.orgId)).toEqual({
      currency: 'USDT',
      available: '10.00',
      held: '90.00',
      total: '100.00',
    });
  });
});
