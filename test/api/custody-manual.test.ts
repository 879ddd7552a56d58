// Manual custody (CUSTODY_ADAPTER=manual) through the real routes: operations enter an organization's deposit address
// (validated by the chain's format); a deposit recorded by one person is credited only when another confirms it, once
// per transaction hash; a recorded deposit can be rejected with a reason; an approved withdrawal waits for operations
// to record its execution, which completes it.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { events } from '@/db/schema/platform/events';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { balanceOf, ledgerInvariants } from '../payouts-fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

beforeAll(() => {
  process.env.CUSTODY_ADAPTER = 'manual';
  resetEnvCache();
});
afterAll(() => {
  delete process.env.CUSTODY_ADAPTER;
  resetEnvCache();
});

interface ManualDeposit {
  id: string;
  status: string;
  amount: string;
  deposit_id: string | null;
  rejection_reason: string | null;
  recorded_by_user_id: string;
  decided_by_user_id: string | null;
}

const hash = () => randomBytes(32).toString('hex');
const operator = () => signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });

async function expectLedgerSound() {
  const invariants = await ledgerInvariants();
  expect(Number(invariants.total)).toBe(0);
  expect(invariants.unbalanced).toBe(0);
}

describe('deposit addresses entered by operations', () => {
  it('creates no address with the organization; operations enter one per chain, in its format, once', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect(
      (await client.request<{ items: unknown[] }>('GET', '/api/v2/funding/addresses')).data.items,
    ).toEqual([]);
    const ops = await operator();
    const path = `/api/v2/support/organizations/${org.orgId}/deposit-addresses/tron`;
    const bad = await sessionCall<{ errors: { field: string }[] }>(ops, 'PUT', path, {
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]!.field).toBe('address');
    expect(
      (
        await sessionCall(
          ops,
          'PUT',
          `/api/v2/support/organizations/${org.orgId}/deposit-addresses/nochain`,
          {
            address: 'T',
          },
        )
      ).status,
    ).toBe(400);
    const address = sandboxAddress('tron');
    const entered = await sessionCall<{ address: string }>(ops, 'PUT', path, { address });
    expect(entered.status).toBe(200);
    expect(entered.body.address).toBe(address);
    expect((await sessionCall(ops, 'PUT', path, { address })).status).toBe(200);
    const changed = await sessionCall<{ code: string }>(ops, 'PUT', path, {
      address: sandboxAddress('tron'),
    });
    expect(changed.status).toBe(409);
    const listed = await client.request<{ items: { chain: string; address: string }[] }>(
      'GET',
      '/api/v2/funding/addresses',
    );
    expect(listed.data.items).toEqual([expect.objectContaining({ chain: 'tron', address })]);
    const audit = await db()
      .select()
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'funding_address.entered')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'staff', actorId: ops.userId });
    const supportOnly = await signIn({ staffRole: 'support' });
    expect((await sessionCall(supportOnly, 'PUT', path, { address })).status).toBe(403);
    // Nothing is simulated: the sandbox deposit is refused, operations record deposits.
    const simulated = await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '10' } });
    expect(simulated.status).toBe(409);
    expect((await balanceOf(org.orgId)).available).toBe('0.00');
  });
});

describe('finding the organization', () => {
  it('lets someone holding only the operations role search the directory, as recording a deposit needs', async () => {
    const org = await createTestOrganization();
    const ops = await signIn({ staffRole: 'operations' });
    const treasurer = await signIn({ staffRole: 'treasury' });
    const search = `/api/v2/support/organizations?q=${encodeURIComponent(org.orgId)}`;
    const found = await sessionCall<{ items: { id: string }[] }>(ops, 'GET', search);
    expect(found.status).toBe(200);
    expect(found.body.items.map((item) => item.id)).toEqual([org.orgId]);
    expect((await sessionCall(treasurer, 'GET', search)).status).toBe(403);
  });
});

describe('manual deposits, four eyes', () => {
  it('is credited once, when a second person confirms; the same hash twice and self-confirmation are refused', async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    const [recorder, checker, supportOnly] = [
      await operator(),
      await operator(),
      await signIn({ staffRole: 'support' }),
    ];
    const txHash = hash();
    const body = { org_id: org.orgId, chain: 'tron', amount: '2500.5', transaction_hash: txHash };

    const missing = await sessionCall<{ code: string }>(recorder, 'POST', '/api/v2/support/deposits', body);
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('deposit_address_missing');
    await sessionCall(recorder, 'PUT', `/api/v2/support/organizations/${org.orgId}/deposit-addresses/tron`, {
      address: sandboxAddress('tron'),
    });

    expect((await sessionCall(supportOnly, 'POST', '/api/v2/support/deposits', body)).status).toBe(403);
    const recorded = await sessionCall<ManualDeposit>(recorder, 'POST', '/api/v2/support/deposits', body);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ status: 'recorded', amount: '2500.50', deposit_id: null });
    // Not credited yet.
    expect((await balanceOf(org.orgId)).available).toBe('0.00');

    const twice = await sessionCall<{ code: string; message: string }>(
      recorder,
      'POST',
      '/api/v2/support/deposits',
      {
        ...body,
        transaction_hash: txHash.toUpperCase(),
      },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('transaction_already_recorded');

    const confirm = `/api/v2/support/deposits/${recorded.body.id}/confirm`;
    const own = await sessionCall<{ code: string }>(recorder, 'POST', confirm);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('second_person_required');
    expect((await sessionCall(supportOnly, 'POST', confirm)).status).toBe(403);

    const confirmed = await sessionCall<ManualDeposit>(checker, 'POST', confirm);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', decided_by_user_id: checker.userId });
    expect(confirmed.body.deposit_id).not.toBeNull();
    expect((await sessionCall(checker, 'POST', confirm)).status).toBe(409);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '2500.50' });
    expect((await balanceOf(other.orgId)).available).toBe('0.00');

    // The client sees the credit as any deposit: its public event, with the hash.
    const credited = await publicEvents<{ transaction_hash: string; amount: string }>(
      apiClient(org.credentials),
      {
        types: ['funding.deposit_credited'],
      },
    );
    expect(credited.map((event) => event.data.object)).toEqual([
      expect.objectContaining({ transaction_hash: txHash, amount: '2500.50' }),
    ]);
    expect(await publicEvents(apiClient(other.credentials), { types: ['funding.deposit_credited'] })).toEqual(
      [],
    );
    // Credited, the hash stays used.
    expect((await sessionCall(checker, 'POST', '/api/v2/support/deposits', body)).status).toBe(409);
    await expectLedgerSound();
  });

  it('rejects a recorded deposit with a reason; nothing is credited', async () => {
    const org = await createTestOrganization();
    const recorder = await operator();
    await sessionCall(recorder, 'PUT', `/api/v2/support/organizations/${org.orgId}/deposit-addresses/tron`, {
      address: sandboxAddress('tron'),
    });
    const recorded = await sessionCall<ManualDeposit>(recorder, 'POST', '/api/v2/support/deposits', {
      org_id: org.orgId,
      chain: 'tron',
      amount: '10',
      transaction_hash: hash(),
    });
    const rejected = await sessionCall<ManualDeposit>(
      recorder,
      'POST',
      `/api/v2/support/deposits/${recorded.body.id}/reject`,
      {
        reason: 'Amount does not match the custodian statement',
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Amount does not match the custodian statement',
    });
    expect(
      (await sessionCall(await operator(), 'POST', `/api/v2/support/deposits/${recorded.body.id}/confirm`))
        .status,
    ).toBe(409);
    expect((await balanceOf(org.orgId)).available).toBe('0.00');
    const list = await sessionCall<{ data: ManualDeposit[] }>(
      recorder,
      'GET',
      '/api/v2/support/deposits?status=rejected',
    );
    expect(list.body.data.map((deposit) => deposit.id)).toContain(recorded.body.id);
  });
});

describe('withdrawal execution recorded by operations', () => {
  it('leaves an approved withdrawal to operations, whose record of the hash completes it', async () => {
    // Funded as the fixtures fund (a sandbox deposit to a sandbox address): not what this test is about.
    process.env.CUSTODY_ADAPTER = 'sandbox';
    resetEnvCache();
    const org = await createTestOrganization();
    await fund(org.orgId, '1000');
    process.env.CUSTODY_ADAPTER = 'manual';
    resetEnvCache();
    const client = apiClient(org.credentials);
    const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
    const wallet = await client.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
      body: { chain_id: tron!.id, address: sandboxAddress('tron'), label: 'Cold' },
    });
    const created = await client.request<{ id: string; status: string; sub_status: string }>(
      'POST',
      '/api/v2/liquidity/management/withdrawals',
      { body: { amount: '250', wallet_id: wallet.data.id } },
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ status: 'SUBMITTED', sub_status: 'awaiting_approval' });

    const ops = await operator();
    const waiting = await sessionCall<{ data: { id: string }[] }>(
      ops,
      'GET',
      '/api/v2/support/withdrawals/awaiting-execution',
    );
    expect(waiting.body.data.map((row) => row.id)).toContain(created.data.id);
    const path = `/api/v2/support/organizations/${org.orgId}/withdrawals/${created.data.id}/execution`;
    const txHash = hash();
    // A hash in another chain's notation, or another organization's id, is refused.
    expect((await sessionCall(ops, 'POST', path, { transaction_hash: `0x${txHash}` })).status).toBe(422);
    const stranger = await createTestOrganization();
    expect(
      (
        await sessionCall(
          ops,
          'POST',
          `/api/v2/support/organizations/${stranger.orgId}/withdrawals/${created.data.id}/execution`,
          {
            transaction_hash: txHash,
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (await sessionCall(await signIn({ staffRole: 'support' }), 'POST', path, { transaction_hash: txHash }))
        .status,
    ).toBe(403);

    const executed = await sessionCall<{ status: string; sub_status: string; transaction_hash: string }>(
      ops,
      'POST',
      path,
      {
        transaction_hash: txHash,
      },
    );
    expect(executed.status).toBe(200);
    expect(executed.body).toMatchObject({
      status: 'COMPLETED',
      sub_status: 'confirmed',
      transaction_hash: txHash,
    });
    expect((await sessionCall(ops, 'POST', path, { transaction_hash: txHash })).status).toBe(409);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '750.00', held: '0.00' });
    const seen = await publicEvents(client, { about: [created.data.id] });
    expect(seen.map((event) => event.type)).toEqual(
      expect.arrayContaining(['withdrawal.processing', 'withdrawal.completed']),
    );
    const audit = await db()
      .select({ type: events.type, actorType: events.actorType, actorId: events.actorId })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'withdrawal.completed')));
    expect(audit).toEqual([{ type: 'withdrawal.completed', actorType: 'staff', actorId: ops.userId }]);
    await expectLedgerSound();
  });
});
