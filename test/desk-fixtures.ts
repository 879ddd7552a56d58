// Owns the payouts desk's test fixtures (CUSTODY_ADAPTER=manual, PAYOUT_RAIL_ADAPTER=operations): an organization
// funded as the fixtures fund it, and a batch confirmed and funded from custody by the production job.
import { afterAll, beforeAll, expect } from 'vitest';
import { payoutsFundFromCustodyTask } from '@/lib/payouts/server';
import { resetEnvCache } from '@/lib/platform/env';
import { callJson, createPayoutOrg, ledgerInvariants, orderItem, type PayoutOrg } from './payouts-fixtures';
import { queuedJobs, takeJobs } from './support/queued-jobs';

export interface DeskTestOrder {
  id: string;
  status: string;
  tracking_reference: string | null;
  bank_reference: string | null;
  failure_message: string | null;
}

/**
 * An organization funded as the fixtures fund it (a sandbox deposit to a sandbox address): how USDT reaches custody
 * is not what these tests are about (manual deposits: test/api/custody-manual.test.ts).
 */
export async function payoutOrg(balance: string): Promise<PayoutOrg> {
  process.env.CUSTODY_ADAPTER = 'sandbox';
  resetEnvCache();
  try {
    return await createPayoutOrg({ balance });
  } finally {
    process.env.CUSTODY_ADAPTER = 'manual';
    resetEnvCache();
  }
}

/** A batch created and confirmed by the organization, then the production funding job run as the worker would. */
export async function confirmedAndFunded(
  org: PayoutOrg,
  amounts: string[],
  options: Parameters<typeof orderItem>[2] = {},
): Promise<DeskTestOrder[]> {
  const created = await callJson<{ batch: { id: string } }>(org.client, 'POST', '/api/v2/payouts', {
    orders: amounts.map((amount, i) =>
      orderItem(org, amount, {
        ...options,
        ...(options.clientReference ? { clientReference: `${options.clientReference}-${i + 1}` } : {}),
      }),
    ),
  });
  expect(created.status).toBe(201);
  const batchId = created.body.batch.id;
  const confirmed = await callJson<{ orders: DeskTestOrder[] }>(
    org.client,
    'POST',
    `/api/v2/payouts/${batchId}/confirm`,
  );
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.orders.every((order) => order.status === 'AWAITING_DEPOSIT')).toBe(true);
  // Confirm enqueued the funding job (and no sandbox step); the worker's part by hand.
  expect((await queuedJobs({ keySuffix: batchId })).map((job) => job.task_identifier)).toContain(
    'payouts.fund-from-custody',
  );
  const [payload] = await takeJobs({ key: `payouts.fund-from-custody:${batchId}` });
  await payoutsFundFromCustodyTask.run(payoutsFundFromCustodyTask.payload.parse(payload), {} as never);
  // A retry after it committed moves nothing.
  await payoutsFundFromCustodyTask.run(payoutsFundFromCustodyTask.payload.parse(payload), {} as never);
  return confirmed.body.orders;
}

export async function expectLedgerSound() {
  const invariants = await ledgerInvariants();
  expect(Number(invariants.total)).toBe(0);
  expect(invariants.unbalanced).toBe(0);
  expect(invariants.negative).toBe(0);
}

/** The file's tests run with manual custody and the operations rail (the desk's production adapters), the sandbox step off. */
export function useDeskAdapters(): void {
  beforeAll(() => {
    Object.assign(process.env, {
      SANDBOX_STEP_SECONDS: '0',
      CUSTODY_ADAPTER: 'manual',
      PAYOUT_RAIL_ADAPTER: 'operations',
    });
    resetEnvCache();
  });
  afterAll(() => {
    for (const name of ['SANDBOX_STEP_SECONDS', 'CUSTODY_ADAPTER', 'PAYOUT_RAIL_ADAPTER'])
      delete process.env[name];
    resetEnvCache();
  });
}
