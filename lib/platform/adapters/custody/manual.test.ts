// Manual custody and the operations rail against their interfaces: chosen by configuration, accepted by production's
// start-up check, nothing simulated (no address, no transfer, no automatic withdrawal step or payment), healthy.
import { afterEach, describe, expect, it, vi } from 'vitest';
// The implementations the program has, as every entry provides them.
import '@/lib/app/adapters';
import { parseEnv, resetEnvCache } from '@/lib/platform/env';
import { payoutRail } from '../payout-rail';
import { operationsPayoutRail } from '../payout-rail/operations';
import { assertAdaptersReadyForMode } from '../registry';
import { custody } from '.';
import { manualCustody } from './manual';

const baseEnv = {
  DATABASE_URL: 'postgres://localhost/x',
  AUTH_SECRET: Buffer.alloc(32, 'a').toString('base64'),
  ENCRYPTION_KEY: Buffer.alloc(32, 'k').toString('base64'),
  CUSTODY_ADAPTER: 'manual',
  PAYOUT_RAIL_ADAPTER: 'operations',
};
const tron = { code: 'tron', addressFormat: 'tron' as const };

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('manual custody and the operations rail', () => {
  it('are what CUSTODY_ADAPTER=manual and PAYOUT_RAIL_ADAPTER=operations choose', () => {
    for (const [name, value] of Object.entries(baseEnv)) vi.stubEnv(name, value);
    resetEnvCache();
    expect(custody()).toBe(manualCustody);
    expect(payoutRail()).toBe(operationsPayoutRail);
  });

  it('are production implementations: the start-up check names neither', () => {
    const check = () => assertAdaptersReadyForMode(parseEnv({ ...baseEnv, APP_ENV: 'production' }));
    expect(check).toThrow(/kyc: KYC_ADAPTER=sandbox/);
    expect(check).not.toThrow(/custody:|payout-rail:/);
  });

  it('leave addresses, deposits, withdrawals and payments to people, and fund confirmed orders at once', async () => {
    expect(manualCustody).toMatchObject({
      depositAddresses: 'entered_by_operations',
      depositSource: 'recorded_by_operations',
      funding: 'immediate',
      withdrawalExecution: 'recorded_by_operations',
    });
    await expect(manualCustody.allocateDepositAddress({ orgId: 'o', chain: tron })).rejects.toThrow(
      /operations/,
    );
    await expect(
      manualCustody.simulateIncomingTransfer({ chain: tron, address: 'T', amount: '1.00' }),
    ).rejects.toThrow(/operations/);
    const view = {
      amount: '10.00',
      chainCode: 'tron',
      status: 'SUBMITTED',
      subStatus: 'awaiting_approval',
    } as const;
    expect(manualCustody.nextWithdrawalStep(view)).toBeNull();
    expect(manualCustody.withdrawalStepsAutomatically(view)).toBe(false);
    expect(
      await manualCustody.sweepLanded({
        orgId: 'o',
        orderId: 'x',
        sourceAmount: '1',
        beneficiaryAmount: '777.00',
      }),
    ).toBe(true);
    expect(operationsPayoutRail.sending).toBe('desk');
    await expect(operationsPayoutRail.send({ orderId: 'x', amount: '1', currency: 'EUR' })).rejects.toThrow(
      /desk/,
    );
    expect(
      await operationsPayoutRail.outcome({ orderId: 'x', amount: '1', currency: 'EUR', railReference: null }),
    ).toEqual({ status: 'pending' });
  });

  it('report ok: there is nothing outside to reach', async () => {
    expect(await manualCustody.probe!()).toEqual({ state: 'ok' });
    expect(await operationsPayoutRail.probe!()).toEqual({ state: 'ok' });
  });
});
