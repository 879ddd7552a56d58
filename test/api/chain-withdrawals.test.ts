// Withdrawals proven on chain (CUSTODY_ADAPTER=evm) against a real local node: operations send an approved withdrawal
// from the provider's custody and record its hash; it is `broadcasting` until mined, `confirming` until it has its
// confirmations, then completed with the usual ledger movement and events. A transfer of the wrong amount, to another
// address, or a failed transaction leaves it `needs_review` (hold kept) with an alert for operations; so does a
// transaction a reorganisation takes out of the chain when it is not mined again within N blocks.
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chainAlerts } from '@/db/schema/funding';
import { chains } from '@/db/schema/platform/chains';
import { watchChainOnce } from '@/lib/funding/server';
import { proveWithdrawalsOnChain } from '@/lib/liquidity/server';
import { metrics } from '@/lib/platform/metrics/counters';
import { apiClient } from '../api';
import { sessionCall, signIn } from '../browser-session';
import { configureEvmCustody } from '../chain/evm-custody';
import { type LocalNode, startLocalNode, type TestToken } from '../chain/local-node';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { balanceOf } from '../payouts-fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

const CONFIRMATIONS = 3;
let node: LocalNode;
let token: TestToken;
/** The provider's custody wallet, which sends withdrawals (its key is with the custodian, never with us). */
let custodyWallet: `0x${string}`;

beforeAll(async () => {
  node = await startLocalNode();
  token = await node.deployToken(6);
  custodyWallet = node.accounts[1]!;
  await token.mint(custodyWallet, '1000000');
  configureEvmCustody({
    rpcUrl: node.url,
    token,
    confirmations: CONFIRMATIONS,
    startBlock: await node.head(),
  });
});
afterAll(() => node?.close());

interface Withdrawal {
  id: string;
  status: string;
  sub_status: string;
  transaction_hash: string | null;
}

/** An organization funded by a real deposit, with a withdrawal of `amount` to `wallet`, approved and waiting. */
async function approvedWithdrawal(amount: string, wallet: `0x${string}`) {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  const { data } = await client.request<{ items: { address: `0x${string}` }[] }>(
    'GET',
    '/api/v2/funding/addresses',
  );
  await token.transfer(custodyWallet, data.items[0]!.address, '1000');
  await node.mine(CONFIRMATIONS);
  for (;;) {
    const pass = await watchChainOnce(db());
    if (pass.outcome !== 'scanned' || pass.caughtUp) break;
  }
  expect((await balanceOf(org.orgId)).available).toBe('1000.00');
  const [ethereum] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'ethereum'));
  const created = await client.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
    body: { chain_id: ethereum!.id, address: wallet, label: 'Treasury' },
  });
  const withdrawal = await client.request<Withdrawal>('POST', '/api/v2/liquidity/management/withdrawals', {
    body: { amount, wallet_id: created.data.id },
  });
  expect(withdrawal.data).toMatchObject({ status: 'SUBMITTED', sub_status: 'awaiting_approval' });
  return { org, client, withdrawal: withdrawal.data };
}

async function recordSent(orgId: string, withdrawalId: string, transactionHash: string) {
  const ops = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
  return sessionCall<Withdrawal>(
    ops,
    'POST',
    `/api/v2/support/organizations/${orgId}/withdrawals/${withdrawalId}/execution`,
    { transaction_hash: transactionHash },
  );
}

async function current(client: ReturnType<typeof apiClient>, id: string) {
  return (await client.request<Withdrawal>('GET', `/api/v2/liquidity/management/withdrawals/${id}`)).data;
}

describe('a withdrawal sent from custody', () => {
  it('is broadcasting when recorded, confirming once mined, completed at N confirmations', async () => {
    const wallet = node.accounts[3]!;
    const { org, client, withdrawal } = await approvedWithdrawal('250', wallet);
    // Recorded before it is mined: nothing on chain yet.
    const snapshotless = `0x${'ab'.repeat(32)}`;
    const recorded = await recordSent(org.orgId, withdrawal.id, snapshotless);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ status: 'PROCESSING', sub_status: 'broadcasting' });
    expect(await proveWithdrawalsOnChain(db())).toMatchObject({ inFlight: 1, completed: 0 });
    expect(await current(client, withdrawal.id)).toMatchObject({ sub_status: 'broadcasting' });

    // Another withdrawal, this time with the transaction operations really sent.
    const second = await approvedWithdrawal('100', wallet);
    const hash = await token.transfer(custodyWallet, wallet, '100');
    expect((await recordSent(second.org.orgId, second.withdrawal.id, hash)).body.sub_status).toBe(
      'broadcasting',
    );
    await proveWithdrawalsOnChain(db());
    expect(await current(second.client, second.withdrawal.id)).toMatchObject({
      status: 'PROCESSING',
      sub_status: 'confirming',
      transaction_hash: hash,
    });
    await node.mine(CONFIRMATIONS - 2);
    await proveWithdrawalsOnChain(db());
    expect((await current(second.client, second.withdrawal.id)).sub_status).toBe('confirming');
    expect(await balanceOf(second.org.orgId)).toMatchObject({ available: '900.00', held: '100.00' });
    await node.mine(1);
    await proveWithdrawalsOnChain(db());
    expect(await current(second.client, second.withdrawal.id)).toMatchObject({
      status: 'COMPLETED',
      sub_status: 'confirmed',
    });
    expect(await balanceOf(second.org.orgId)).toMatchObject({ available: '900.00', held: '0.00' });
    const seen = await publicEvents(second.client, { about: [second.withdrawal.id] });
    expect(seen.map((event) => event.type)).toEqual(
      expect.arrayContaining(['withdrawal.processing', 'withdrawal.completed']),
    );
    // The first is still waiting for its transaction.
    expect((await current(client, withdrawal.id)).sub_status).toBe('broadcasting');
  });

  it('of the wrong amount needs review: the hold stays and operations get an alert', async () => {
    const wallet = node.accounts[3]!;
    const { org, client, withdrawal } = await approvedWithdrawal('250', wallet);
    const hash = await token.transfer(custodyWallet, wallet, '249.99');
    await recordSent(org.orgId, withdrawal.id, hash);
    await node.mine(CONFIRMATIONS);
    await proveWithdrawalsOnChain(db());
    expect(await current(client, withdrawal.id)).toMatchObject({
      status: 'PROCESSING',
      sub_status: 'needs_review',
    });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '750.00', held: '250.00' });
    // Operations see it on their list; support without the operations role does not.
    const ops = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const listed = await sessionCall<{
      data: { kind: string; subject_id: string; org_id: string; message: string }[];
    }>(ops, 'GET', '/api/v2/support/chain-alerts');
    expect(listed.status).toBe(200);
    const alerts = listed.body.data.filter((alert) => alert.subject_id === withdrawal.id);
    expect(alerts).toMatchObject([{ kind: 'withdrawal_mismatch', org_id: org.orgId }]);
    expect(alerts[0]!.message).toMatch(/249990000 token units .* 250000000/);
    expect(
      (await sessionCall(await signIn({ staffRole: 'support' }), 'GET', '/api/v2/support/chain-alerts'))
        .status,
    ).toBe(403);
    // Across organizations, with what should have been sent and the transaction recorded; not for support alone.
    const needsReview = await sessionCall<{ data: Record<string, unknown>[] }>(
      ops,
      'GET',
      '/api/v2/support/withdrawals/needs-review',
    );
    expect(needsReview.status).toBe(200);
    expect(needsReview.body.data.filter((row) => row.id === withdrawal.id)).toMatchObject([
      {
        org_id: org.orgId,
        amount: '250.00',
        wallet_address: getAddress(wallet),
        transaction_hash: hash,
        chain: 'ethereum',
      },
    ]);
    expect(
      (
        await sessionCall(
          await signIn({ staffRole: 'support' }),
          'GET',
          '/api/v2/support/withdrawals/needs-review',
        )
      ).status,
    ).toBe(403);
    // Looked at again: nothing more happens to it.
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('needs_review');

    // The custodian sent the missing 0.01 in a second transaction: operations settle it as completed.
    const review = `/api/v2/support/organizations/${org.orgId}/withdrawals/${withdrawal.id}/review`;
    const settled = await sessionCall<Withdrawal>(ops, 'POST', review, {
      outcome: 'completed',
      reason: 'The remaining 0.01 USDT went out in a second transfer',
    });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'COMPLETED', sub_status: 'confirmed' });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '750.00', held: '0.00' });
    expect((await sessionCall(ops, 'POST', review, { outcome: 'failed', reason: 'again' })).status).toBe(409);
    const after = await sessionCall<{
      data: { subject_id: string; resolved_at: string | null; resolution: string | null }[];
    }>(ops, 'GET', '/api/v2/support/chain-alerts?status=resolved');
    const resolved = after.body.data.find((alert) => alert.subject_id === withdrawal.id);
    expect(resolved?.resolved_at).not.toBeNull();
    expect(
      (
        await sessionCall<{ data: { id: string }[] }>(ops, 'GET', '/api/v2/support/withdrawals/needs-review')
      ).body.data.map((row) => row.id),
    ).not.toContain(withdrawal.id);
    // The alert keeps who settled it, how and why.
    expect(resolved).toMatchObject({
      resolution: 'withdrawal_completed',
      resolution_note: 'The remaining 0.01 USDT went out in a second transfer',
      resolved_by_user_id: ops.userId,
    });
    // It is settled by the review, never by the vanished-deposit resolution.
    const alertId = (after.body.data.find((alert) => alert.subject_id === withdrawal.id) as { id?: string })
      ?.id;
    expect(
      (
        await sessionCall(ops, 'POST', `/api/v2/support/chain-alerts/${alertId}/resolve`, {
          outcome: 'written_off',
          note: 'not for this kind',
        })
      ).status,
    ).toBe(409);
  });

  it('to another address, or a failed transaction, needs review too', async () => {
    const wallet = node.accounts[3]!;
    const elsewhere = await approvedWithdrawal('10', wallet);
    const wrongRecipient = await token.transfer(custodyWallet, node.accounts[2]!, '10');
    await recordSent(elsewhere.org.orgId, elsewhere.withdrawal.id, wrongRecipient);
    const failed = await approvedWithdrawal('20', wallet);
    // More than the sender holds: mined, reverted.
    const reverted = await token.transferUnchecked(node.accounts[2]!, wallet, '999999999');
    await recordSent(failed.org.orgId, failed.withdrawal.id, reverted);
    await proveWithdrawalsOnChain(db());
    expect((await current(elsewhere.client, elsewhere.withdrawal.id)).sub_status).toBe('needs_review');
    expect((await current(failed.client, failed.withdrawal.id)).sub_status).toBe('needs_review');
    const messages = (await db().select().from(chainAlerts)).map((alert) => alert.message).join('\n');
    expect(messages).toMatch(/not the wallet/);
    expect(messages).toMatch(/reverted/);

    // Nothing reached the wallet: operations fail it and the hold goes back to the balance.
    const ops = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const settled = await sessionCall<Withdrawal & { failure_reason: string }>(
      ops,
      'POST',
      `/api/v2/support/organizations/${failed.org.orgId}/withdrawals/${failed.withdrawal.id}/review`,
      { outcome: 'failed', reason: 'The transaction reverted; nothing was sent' },
    );
    expect(settled.body).toMatchObject({
      status: 'FAILED',
      sub_status: 'reverted',
      failure_reason: 'The transaction reverted; nothing was sent',
    });
    expect(await balanceOf(failed.org.orgId)).toMatchObject({ available: '1000.00', held: '0.00' });
  });
});

describe('a withdrawal whose transaction a reorganisation takes out of the chain', () => {
  it('is broadcasting again, confirming when the same transaction is mined again, then completed', async () => {
    const wallet = node.accounts[3]!;
    const { org, client, withdrawal } = await approvedWithdrawal('40', wallet);
    const snapshot = await node.snapshot();
    const hash = await token.transfer(custodyWallet, wallet, '40');
    const signed = await node.signedTransaction(hash);
    await recordSent(org.orgId, withdrawal.id, hash);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('confirming');

    await node.revert(snapshot);
    await node.mine(1);
    expect(await proveWithdrawalsOnChain(db())).toMatchObject({ reorganised: 1, completed: 0 });
    expect(await current(client, withdrawal.id)).toMatchObject({
      status: 'PROCESSING',
      sub_status: 'broadcasting',
      transaction_hash: hash,
    });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '960.00', held: '40.00' });

    // The custodian's node sends the same signed transaction again: mined in the new branch, counted from there.
    expect(await node.sendRawTransaction(signed)).toBe(hash);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('confirming');
    await node.mine(CONFIRMATIONS - 1);
    await proveWithdrawalsOnChain(db());
    expect(await current(client, withdrawal.id)).toMatchObject({
      status: 'COMPLETED',
      sub_status: 'confirmed',
    });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '960.00', held: '0.00' });
    const seen = await publicEvents(client, { about: [withdrawal.id] });
    expect(seen.filter((event) => event.type === 'withdrawal.completed')).toHaveLength(1);
    const alerts = await db().select().from(chainAlerts).where(eq(chainAlerts.subjectId, withdrawal.id));
    expect(alerts).toEqual([]);
  });

  it('not mined again within N blocks, it needs review: the hold stays, operations get an alert and a metric', async () => {
    const wallet = node.accounts[3]!;
    const { org, client, withdrawal } = await approvedWithdrawal('60', wallet);
    const snapshot = await node.snapshot();
    const hash = await token.transfer(custodyWallet, wallet, '60');
    await recordSent(org.orgId, withdrawal.id, hash);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('confirming');

    await node.revert(snapshot);
    await node.mine(1);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('broadcasting');
    await node.mine(CONFIRMATIONS - 1);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('broadcasting');
    await node.mine(1);
    await proveWithdrawalsOnChain(db());
    expect(await current(client, withdrawal.id)).toMatchObject({
      status: 'PROCESSING',
      sub_status: 'needs_review',
    });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '940.00', held: '60.00' });
    const alerts = await db().select().from(chainAlerts).where(eq(chainAlerts.subjectId, withdrawal.id));
    expect(alerts).toMatchObject([{ kind: 'withdrawal_mismatch', orgId: org.orgId, resolvedAt: null }]);
    expect(alerts[0]!.message).toMatch(
      /left the chain in a reorganisation .* not mined again within 3 blocks/,
    );
    // The watcher's pass publishes the open alerts.
    await watchChainOnce(db());
    const gauge = await metrics().chain.openAlerts.get();
    expect(
      gauge.values.find((value) => value.labels.kind === 'withdrawal_mismatch')?.value,
    ).toBeGreaterThanOrEqual(1);
    // Looked at again: nothing more happens to it.
    await node.mine(CONFIRMATIONS);
    await proveWithdrawalsOnChain(db());
    expect((await current(client, withdrawal.id)).sub_status).toBe('needs_review');
  });
});
