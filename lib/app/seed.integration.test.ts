// Integration tests of the demo seed on a real database: runs once (even when raced), balances the ledger, derives
// every batch status from its orders, stores verifiable proof files, and its demo logins sign in.
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { organizationEntitlements, organizations } from '@/db/schema/identity/organizations';
import { memberships, STAFF_ROLES } from '@/db/schema/identity/users';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@/db/schema/ledger';
import { settlementProofs, settlementRoutes, withdrawals } from '@/db/schema/liquidity';
import {
  BATCH_STATUSES,
  type BatchStatus,
  ORDER_STATUSES,
  type OrderStatus,
  orderQuotes,
  payoutBatches,
  payoutOrders,
} from '@/db/schema/payouts';
import { events } from '@/db/schema/platform/events';
import { files } from '@/db/schema/platform/files';
import { corridors } from '@/db/schema/pricing';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import { DEMO_DEPOSITS } from '@/lib/funding/server/seed';
import { verifyCredentials } from '@/lib/identity/server/auth/user-sessions';
import { DEMO_ORGANIZATIONS, type DemoOrgKey } from '@/lib/identity/server/seed';
import { getBalance } from '@/lib/ledger/server/balances';
import { DEMO_ROUTES, DEMO_WITHDRAWALS } from '@/lib/liquidity/server/seed';
import { DEMO_BATCHES } from '@/lib/payouts/server/seed';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { decryptSecret } from '@/lib/platform/crypto/secrets';
import { resetEnvCache } from '@/lib/platform/env';
import { Decimal, dec, type FiatCurrency, formatUsdt } from '@/lib/platform/money';
import { quoteOrder } from '@/lib/pricing/server/quote-engine';
import { DEMO_CORRIDORS, DEMO_FX_RATES, type DemoCurrency, demoMarginBps } from '@/lib/pricing/server/seed';
import { DEMO_BENEFICIARIES } from '@/lib/profiles/server/seed';
import { useTestDatabase } from '@/test/db';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SEED_MARKER_EVENT, type SeedSummary, seedDemoData } from './seed';

await useTestDatabase();

let runs: SeedSummary[] = [];

beforeAll(async () => {
  // Two seeders racing on an empty database: the advisory lock lets exactly one of them write.
  runs = await Promise.all([seedDemoData(), seedDemoData()]);
});

afterEach(() => {
  process.env.APP_ENV = 'sandbox';
  resetEnvCache();
});

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await db().execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row!.n;
  }
  return counts;
}

const sum = (values: readonly (string | Decimal)[]) =>
  values.reduce<Decimal>((total, value) => total.plus(value), new Decimal(0));

/** The quote of one demo order, from the seed's constants alone. */
function demoSourceAmount(org: DemoOrgKey, order: (typeof DEMO_BATCHES)[number]['orders'][number]): string {
  const currency = DEMO_BENEFICIARIES[order.beneficiary as keyof typeof DEMO_BENEFICIARIES]
    .currency as DemoCurrency;
  return quoteOrder({
    beneficiaryAmount: order.amount,
    currency,
    feeType: order.feeType,
    unitsPerUsdt: DEMO_FX_RATES[currency],
    marginBps: demoMarginBps(org, currency),
    fees: DEMO_CORRIDORS[currency].fees,
  }).sourceAmount;
}

/** DESIGN "Batch status", written out again here so the seed's own derivation is checked, not trusted. */
function expectedBatchStatus(statuses: OrderStatus[], confirmed: boolean): BatchStatus {
  const terminal = ['COMPLETED', 'FAILED', 'CANCELLED_EXPIRED'];
  if (statuses.every((s) => s === 'DRAFT')) return 'AWAITING_CONFIRMATION';
  if (!statuses.every((s) => terminal.includes(s))) return 'IN_PROGRESS';
  if (!confirmed) return 'CANCELLED_EXPIRED';
  const completed = statuses.filter((s) => s === 'COMPLETED').length;
  if (completed === statuses.length) return 'COMPLETED';
  return completed > 0 ? 'PARTIALLY_COMPLETED' : 'FAILED';
}

/** ISO 13616 mod-97 with bigint: independent of the seed's own chunked implementation. */
function ibanIsValid(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...rearranged].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  return BigInt(digits) % 97n === 1n;
}

/** A reader finds objects through the xref table: startxref must point at it and each offset at its object. */
function expectValidXref(content: Buffer): void {
  const text = content.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(start, start + 4)).toBe('xref');
  const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  expect(offsets.length).toBeGreaterThan(0);
  for (const [i, offset] of offsets.entries())
    expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`);
}

describe('seedDemoData', () => {
  it('names only demo beneficiaries in its demo batches (payouts takes the keys as text)', () => {
    const unknown = DEMO_BATCHES.flatMap((batch) => batch.orders)
      .map((order) => order.beneficiary)
      .filter((key) => !Object.hasOwn(DEMO_BENEFICIARIES, key));
    expect(unknown).toEqual([]);
  });

  it('runs once when two seeders race, and both report the same organization', async () => {
    expect(runs.map((run) => run.created).sort()).toEqual([false, true]);
    expect(runs[0]!.org_id).toBe(runs[1]!.org_id);
    const acme = await db()
      .select()
      .from(organizations)
      .where(eq(organizations.name, DEMO_ORGANIZATIONS.acme.name));
    expect(acme.map((org) => org.id)).toEqual([runs[0]!.org_id]);
    const markers = await db().select().from(events).where(eq(events.type, DEMO_SEED_MARKER_EVENT));
    expect(markers).toHaveLength(1);
  });

  it('a second run changes nothing and returns the same summary', async () => {
    const before = await tableCounts();
    const again = await seedDemoData();
    expect(again.created).toBe(false);
    const first = runs.find((run) => run.created)!;
    expect(again).toEqual({ ...first, created: false });
    expect(await tableCounts()).toEqual(before);
    // On an empty database the summary's counts are exactly the rows in each table.
    for (const [table, count] of Object.entries(first.counts))
      expect([table, before[table]]).toEqual([table, count]);
    expect(first.counts.withdrawals).toBeGreaterThanOrEqual(60);
  });

  it('keeps the ledger balanced: every transaction and the whole ledger sum to zero, balances are sums of entries', async () => {
    const [total] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries);
    expect(dec(total!.total).isZero()).toBe(true);
    const unbalanced = await db()
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0 or count(*) < 2`);
    expect(unbalanced).toEqual([]);

    const accounts = await db()
      .select({
        id: ledgerAccounts.id,
        orgId: ledgerAccounts.orgId,
        balance: ledgerAccounts.balance,
        entries: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      })
      .from(ledgerAccounts)
      .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .groupBy(ledgerAccounts.id);
    expect(accounts.length).toBeGreaterThanOrEqual(7);
    for (const account of accounts) {
      expect([account.id, dec(account.balance).eq(dec(account.entries))]).toEqual([account.id, true]);
      if (account.orgId) expect(dec(account.balance).gte(0)).toBe(true);
    }
  });

  it("derives every balance from the seed's constants: deposits, holds, sweeps, payouts, releases, withdrawals", async () => {
    const expected = {
      acme: { available: dec('0'), held: dec('0') },
      globex: { available: dec('0'), held: dec('0') },
    };
    let settlement = dec('0');
    let paidOut = dec('0');
    let custody = dec('0');
    for (const deposit of DEMO_DEPOSITS) {
      expected[deposit.org].available = expected[deposit.org].available.plus(deposit.amount);
      custody = custody.minus(deposit.amount);
    }
    for (const batch of DEMO_BATCHES) {
      if (!batch.confirmedBy) continue;
      const balance = expected[batch.org];
      for (const order of batch.orders) {
        const amount = demoSourceAmount(batch.org, order);
        balance.available = balance.available.minus(amount);
        if (order.status === 'AWAITING_DEPOSIT') balance.held = balance.held.plus(amount);
        else if (order.status === 'DEPOSIT_RECEIVED' || order.status === 'PAYING_BENEFICIARY')
          settlement = settlement.plus(amount);
        else if (order.status === 'COMPLETED') paidOut = paidOut.plus(amount);
        // Expired, failed before the sweep (released) or refused by the rail after it (returned): back to available.
        else balance.available = balance.available.plus(amount);
      }
    }
    for (const withdrawal of DEMO_WITHDRAWALS) {
      if (withdrawal.status === 'FAILED') continue;
      expected.acme.available = expected.acme.available.minus(withdrawal.amount);
      if (withdrawal.status === 'COMPLETED') custody = custody.plus(withdrawal.amount);
      else expected.acme.held = expected.acme.held.plus(withdrawal.amount);
    }

    const first = runs.find((run) => run.created)!;
    for (const [key, orgId] of [
      ['acme', first.org_id],
      ['globex', first.second_org_id],
    ] as const) {
      const balance = await getBalance(db(), orgId);
      expect({ org: key, available: balance.available, held: balance.held }).toEqual({
        org: key,
        available: formatUsdt(expected[key].available),
        held: formatUsdt(expected[key].held),
      });
    }
    const system = await db()
      .select({ type: ledgerAccounts.type, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.orgId} is null`);
    const systemBalance = (type: string) => dec(system.find((row) => row.type === type)?.balance ?? '0');
    expect(systemBalance('settlement').eq(settlement)).toBe(true);
    expect(systemBalance('payout_rail_external').eq(paidOut)).toBe(true);
    expect(systemBalance('custody_external').eq(custody)).toBe(true);
  });

  it('caches each batch status and its counts exactly as derived from its orders, with quotes per the formula', async () => {
    const batches = await db().select().from(payoutBatches).orderBy(asc(payoutBatches.createdAt));
    expect(batches).toHaveLength(DEMO_BATCHES.length);
    const acmeId = runs[0]!.org_id;
    const seenBatch = new Set<BatchStatus>();
    const seenOrder = new Set<OrderStatus>();
    for (const batch of batches) {
      const orders = await db()
        .select({ order: payoutOrders, quote: orderQuotes, corridor: corridors })
        .from(payoutOrders)
        .innerJoin(orderQuotes, eq(orderQuotes.orderId, payoutOrders.id))
        .innerJoin(corridors, eq(corridors.id, orderQuotes.corridorId))
        .where(eq(payoutOrders.batchId, batch.id))
        .orderBy(asc(payoutOrders.lineNumber));
      const statuses = orders.map(({ order }) => order.status);
      expect(batch.status).toBe(expectedBatchStatus(statuses, batch.confirmedAt !== null));
      expect(batch.totalCount).toBe(orders.length);
      expect(batch.completedCount).toBe(statuses.filter((s) => s === 'COMPLETED').length);
      expect(batch.failedCount).toBe(
        statuses.filter((s) => s === 'FAILED' || s === 'CANCELLED_EXPIRED').length,
      );
      expect(dec(batch.totalSourceAmount).eq(sum(orders.map(({ order }) => order.sourceAmount!)))).toBe(true);
      if (batch.holdTransactionId) {
        const [held] = await db()
          .select({
            amount: sql<string>`sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0)`,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.transactionId, batch.holdTransactionId));
        expect(dec(held!.amount).eq(dec(batch.totalSourceAmount))).toBe(true);
      }
      for (const { order, quote, corridor } of orders) {
        expect(order.failureMessage !== null).toBe(order.status === 'FAILED');
        const recomputed = quoteOrder({
          beneficiaryAmount: order.beneficiaryAmount,
          currency: order.beneficiaryCurrency as FiatCurrency,
          feeType: order.feeType,
          unitsPerUsdt: quote.unitsPerUsdt,
          marginBps: quote.marginBps,
          fees: corridor,
        });
        expect(dec(order.feeAmount!).eq(dec(recomputed.feeAmount))).toBe(true);
        expect(dec(order.sourceAmount!).eq(dec(recomputed.sourceAmount))).toBe(true);
        expect(dec(order.beneficiaryAmount).gte(dec(corridor.minAmount))).toBe(true);
        expect(dec(order.beneficiaryAmount).lte(dec(corridor.maxAmount))).toBe(true);
        if (order.status === 'AWAITING_DEPOSIT')
          expect(order.expiresAt!.getTime()).toBeGreaterThan(Date.now());
        seenOrder.add(order.status);
      }
      if (batch.orgId === acmeId) seenBatch.add(batch.status);
    }
    expect([...seenBatch].sort()).toEqual([...BATCH_STATUSES].sort());
    expect([...seenOrder].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('stores each proof-of-settlement file with the hash and size of its bytes', async () => {
    const proofs = await db()
      .select({ route: settlementRoutes.name, file: files })
      .from(settlementProofs)
      .innerJoin(files, eq(files.id, settlementProofs.fileId))
      .innerJoin(settlementRoutes, eq(settlementRoutes.id, settlementProofs.routeId));
    expect(proofs).toHaveLength(DEMO_ROUTES.reduce((n, route) => n + route.settlements.length, 0));
    expect(new Set(proofs.map((proof) => proof.route)).size).toBe(DEMO_ROUTES.length);
    for (const { file } of proofs) {
      const content = file.content!;
      expect(sha256Hex(content)).toBe(file.sha256);
      expect(content.length).toBe(file.sizeBytes);
      expect(file.mimeType).toBe('application/pdf');
      expect(content.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.\d$/);
      expect(content.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      expectValidXref(content);
    }
  });

  it('gives every demo login the documented password and its role, and keeps Globex to payouts', async () => {
    const first = runs.find((run) => run.created)!;
    const orgIds: Record<DemoOrgKey, string> = { acme: first.org_id, globex: first.second_org_id };
    for (const login of DEMO_LOGINS) {
      const user = await verifyCredentials(db(), login.email, DEMO_PASSWORD);
      expect(user?.email).toBe(login.email);
      expect(await verifyCredentials(db(), login.email, 'wrong-password')).toBeNull();
      const roles = await db()
        .select({ orgId: memberships.orgId, role: memberships.role })
        .from(memberships)
        .where(eq(memberships.userId, user!.id));
      if (login.organization) {
        expect(user!.staffRole).toBeNull();
        expect(roles).toEqual([{ orgId: orgIds[login.organization], role: login.role }]);
      } else {
        expect(user!.staffRole).toBe(login.role);
        expect(roles).toEqual([]);
      }
    }
    // Every page of the support console has a demo login to try it with, the desk's four eyes included.
    const staffLogins = DEMO_LOGINS.filter((login) => !login.organization);
    for (const role of STAFF_ROLES)
      expect(
        staffLogins.some((login) => login.role === role),
        role,
      ).toBe(true);
    expect(staffLogins.filter((login) => login.role === 'operations')).toHaveLength(2);
    const globexEntitlements = await db()
      .select({ entitlement: organizationEntitlements.entitlement })
      .from(organizationEntitlements)
      .where(eq(organizationEntitlements.orgId, first.second_org_id));
    expect(globexEntitlements).toEqual([{ entitlement: 'payouts' }]);
    const globexWithdrawals = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.orgId, first.second_org_id));
    expect(globexWithdrawals).toEqual([]);
  }, 180_000);

  it('has withdrawals in every status with the ledger outcome each implies', async () => {
    const rows = await db()
      .select({ withdrawal: withdrawals, outcome: ledgerTransactions.type })
      .from(withdrawals)
      .leftJoin(ledgerTransactions, eq(ledgerTransactions.id, withdrawals.outcomeTransactionId));
    expect(rows.length).toBe(DEMO_WITHDRAWALS.length);
    expect(new Set(rows.map((row) => row.withdrawal.status))).toEqual(
      new Set(['SUBMITTED', 'PROCESSING', 'COMPLETED', 'FAILED']),
    );
    for (const { withdrawal, outcome } of rows) {
      const expectedOutcome = { COMPLETED: 'withdrawal_sent', FAILED: 'withdrawal_release' }[
        withdrawal.status as 'COMPLETED' | 'FAILED'
      ];
      expect(outcome ?? undefined).toBe(expectedOutcome);
    }
  });

  it('uses bank details with valid check digits', async () => {
    const rows = await db().select().from(beneficiaryProfiles);
    expect(rows.length).toBe(Object.keys(DEMO_BENEFICIARIES).length);
    for (const row of rows) {
      // Encrypted at rest, with the last four kept for masking.
      if (row.iban) {
        expect(row.iban).toMatch(/^v2:/);
        const plain = decryptSecret(row.iban, `beneficiary_profiles:${row.id}:iban`);
        expect([row.name, ibanIsValid(plain), row.ibanLast4]).toEqual([row.name, true, plain.slice(-4)]);
      }
      expect(row.swiftBic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      if (row.routingCodeType === 'aba') {
        const d = [...row.routingCode!].map(Number);
        const check = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
        expect(check % 10).toBe(0);
      }
      if (row.routingCodeType === 'clabe') expect(row.routingCode).toMatch(/^\d{18}$/);
    }
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['ready', 'in_review', 'rejected']));
  });

  it('refuses to run outside sandbox mode', async () => {
    process.env.APP_ENV = 'production';
    resetEnvCache();
    await expect(seedDemoData()).rejects.toThrow(/sandbox/);
  });
});
