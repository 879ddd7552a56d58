// The payouts adapters' sandbox implementations against their interfaces: rates from the table, the custody sweep
// and the payout rail with their magic amounts, and the production start-up check naming them.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { fxRates } from '@/db/schema/pricing';
import { now } from '@/lib/platform/clock';
import { parseEnv } from '@/lib/platform/env';
import { useTestDatabase } from '@/test/db';
import { custody } from './custody';
import { payoutRail } from './payout-rail';
import { rates } from './rates';
import { AdapterConfigurationError, assertAdaptersReadyForMode } from './registry';

await useTestDatabase();

const order = (beneficiaryAmount: string) => ({
  orgId: '01a208b0-f763-7419-bdd0-7e6f2f9a7015',
  orderId: '01a208b0-f763-7419-bdd0-7e6f2f9a7016',
  sourceAmount: '100.00',
  beneficiaryAmount,
});

describe('rates (sandbox)', () => {
  it('answers the newest rate in force per currency, never one from the future, and nothing for an unknown one', async () => {
    const day = 86_400_000;
    await db()
      .insert(fxRates)
      .values([
        {
          currency: 'CHF',
          unitsPerUsdt: '0.80',
          source: 'staff',
          effectiveAt: new Date(now().getTime() - 2 * day),
        },
        {
          currency: 'CHF',
          unitsPerUsdt: '0.81',
          source: 'staff',
          effectiveAt: new Date(now().getTime() - day),
        },
        {
          currency: 'CHF',
          unitsPerUsdt: '0.99',
          source: 'staff',
          effectiveAt: new Date(now().getTime() + day),
        },
      ]);
    const found = await rates().currentRates(db(), ['CHF', 'XYZ'], now());
    expect(found.get('CHF')).toMatchObject({ currency: 'CHF', unitsPerUsdt: '0.810000000000' });
    expect(found.has('XYZ')).toBe(false);
    expect((await rates().currentRates(db(), [], now())).size).toBe(0);
    const [count] = await db().execute<{ n: number }>(sql`select count(*)::int as n from fx_rates`);
    expect(count!.n).toBe(3);
  });
});

describe('custody sweeps (sandbox)', () => {
  it('lands every sweep at once, except for an amount whose whole part ends in 777', async () => {
    expect(await custody().sweepLanded(order('1000.00'))).toBe(true);
    expect(await custody().sweepLanded(order('555.00'))).toBe(true);
    expect(await custody().sweepLanded(order('777.00'))).toBe(false);
    expect(await custody().sweepLanded(order('10777'))).toBe(false);
  });
});

describe('payout rail (sandbox)', () => {
  const payment = (amount: string) => ({ orderId: order(amount).orderId, amount, currency: 'EUR' });

  it('sends with a fresh rail reference and a UETR-style tracking reference', async () => {
    const [a, b] = [await payoutRail().send(payment('10.00')), await payoutRail().send(payment('10.00'))];
    expect(a.trackingReference).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(a.railReference).toMatch(/^sbx_rail_[0-9a-f]{24}$/);
    expect(a.trackingReference).not.toBe(b.trackingReference);
    expect(a.railReference).not.toBe(b.railReference);
  });

  it('pays, except an amount whose whole part ends in 666, which the bank returns with a displayable reason', async () => {
    expect(await payoutRail().outcome({ ...payment('1000.00'), railReference: 'x' })).toEqual({
      status: 'paid',
    });
    expect(await payoutRail().outcome({ ...payment('1666'), railReference: 'x' })).toEqual({
      status: 'returned',
      message: "The beneficiary's bank returned the payment: account closed",
    });
  });
});

describe('production start-up check', () => {
  it('names the payouts adapters still on the sandbox', () => {
    const config = parseEnv({
      DATABASE_URL: 'postgres://localhost/x',
      AUTH_SECRET: Buffer.alloc(32, 'a').toString('base64'),
      ENCRYPTION_KEY: Buffer.alloc(32, 'k').toString('base64'),
      APP_ENV: 'production',
    });
    expect(() => assertAdaptersReadyForMode(config)).toThrow(AdapterConfigurationError);
    try {
      assertAdaptersReadyForMode(config);
    } catch (error) {
      expect((error as AdapterConfigurationError).problems).toEqual(
        expect.arrayContaining(['rates: RATES_ADAPTER=sandbox', 'payout-rail: PAYOUT_RAIL_ADAPTER=sandbox']),
      );
    }
  });
});
