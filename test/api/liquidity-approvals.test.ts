// Four eyes on withdrawals and the address book, through the real routes: the approval policy's two switches, a
// withdrawal held at pending_approval until a second signed-in approver approves it (or anyone rejects it), "the same
// person" across a user and the API keys they created, wallets pending approval, and the per-chain minimum.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { getBalance } from '@/lib/ledger/server/balances';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import type { PayoutApiClient } from '@/lib/platform/client/client';
import { freezeClock, now, resetClock } from '@/lib/platform/clock';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { apiClient } from '../api';
import { signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { publicEvents } from '../support/public-events';
import { asUser } from '../support/settings';

await useTestDatabase();

const W = '/api/v2/liquidity/management/withdrawals';
const WALLETS = '/api/v2/liquidity/management/wallets';
const POLICY = '/api/v2/organizations/me/approval-policy';

interface Actor {
  type: 'user' | 'api_key';
  id: string;
  name: string;
  user_id: string | null;
}
interface Withdrawal {
  id: string;
  amount: string;
  status: string;
  sub_status: string;
  failure_reason: string | null;
  requested_by: Actor;
  approved_by: Actor | null;
}
interface Wallet {
  id: string;
  status: string;
  usable_from: string;
  created_at: string;
  added_by: Actor | null;
  approved_by: Actor | null;
}
interface LiquidityError {
  error: { type: string; code: string; message: string; param?: string };
}

async function chainId(code: 'tron' | 'ethereum'): Promise<string> {
  const [row] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, code));
  return row!.id;
}

/** The public events about one resource, as the organization's integrator reads them. */
async function eventTypes(client: PayoutApiClient, subjectId: string): Promise<string[]> {
  return (await publicEvents(client, { about: [subjectId] })).map((event) => event.type);
}

/**
 * A funded organization with a usable TRON wallet (added before the policy), an admin and two approvers signed in,
 * and the fixture's API key (no creator: its own person). `policy` is switched on by the admin.
 */
async function treasury(policy: { withdrawals?: boolean; wallets?: boolean } = {}) {
  const org = await createTestOrganization();
  const key = apiClient(org.credentials);
  await fund(org.orgId, '1000');
  const wallet = await key.request<Wallet>('POST', WALLETS, {
    body: { chain_id: await chainId('tron'), address: sandboxAddress('tron'), label: 'Cold' },
  });
  const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
  const alice = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
  const bob = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
  const changed = await asUser(admin.cookie, 'PATCH', POLICY, {
    withdrawals_require_approval: policy.withdrawals ?? false,
    wallets_require_approval: policy.wallets ?? false,
  });
  expect(changed.status).toBe(200);
  return { org, key, walletId: wallet.data.id, admin, alice, bob };
}

describe('the approval policy', () => {
  it('has the two four-eyes switches, off by default, changed only by an admin', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const approver = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const before = await asUser(approver.cookie, 'GET', POLICY);
    expect(before.body).toMatchObject({
      withdrawals_require_approval: false,
      wallets_require_approval: false,
    });

    const refused = await asUser(approver.cookie, 'PATCH', POLICY, { withdrawals_require_approval: true });
    expect(refused.status).toBe(403);

    const changed = await asUser(admin.cookie, 'PATCH', POLICY, { withdrawals_require_approval: true });
    expect(changed.body).toMatchObject({
      require_separate_confirmer: false,
      withdrawals_require_approval: true,
      wallets_require_approval: false,
    });
    const walletsToo = await asUser(admin.cookie, 'PATCH', POLICY, { wallets_require_approval: true });
    expect(walletsToo.body).toMatchObject({
      withdrawals_require_approval: true,
      wallets_require_approval: true,
    });
    const malformed = await asUser(admin.cookie, 'PATCH', POLICY, { wallets_require_approval: 'yes' });
    expect(malformed.status).toBe(422);
  });
});

describe('four eyes on withdrawals', () => {
  it('waits at pending_approval (held, not sent) until a second signed-in approver approves it', async () => {
    const { org, key, walletId, alice, bob } = await treasury({ withdrawals: true });
    const created = await asUser<Withdrawal>(alice.cookie, 'POST', W, {
      amount: '300',
      wallet_id: walletId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'SUBMITTED',
      sub_status: 'pending_approval',
      requested_by: { type: 'user', id: alice.userId, user_id: alice.userId, name: expect.any(String) },
      approved_by: null,
    });
    const id = created.body.id;
    // Held at once, so the balance cannot be spent twice while it waits.
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '700.00', held: '300.00' });
    // The sandbox never skips the second approver.
    const advanced = await key.send('POST', `/api/v2/sandbox/withdrawals/${id}/advance`);
    expect(advanced.status).toBe(409);

    const own = await asUser<LiquidityError>(alice.cookie, 'POST', `${W}/${id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('separate_approver_required');
    // Never an API key: the operation is session-only.
    expect((await key.send('POST', `${W}/${id}/approve`)).status).toBe(404);

    const approved = await asUser<Withdrawal>(bob.cookie, 'POST', `${W}/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'SUBMITTED',
      sub_status: 'awaiting_approval',
      requested_by: { id: alice.userId },
      approved_by: { type: 'user', id: bob.userId, user_id: bob.userId },
    });
    // Since 2.10.0 each step of its approval is public too (issue #42).
    expect(await eventTypes(key, id)).toEqual([
      'withdrawal.submitted',
      'withdrawal.approval_requested',
      'withdrawal.approval_recorded',
      'withdrawal.approved',
    ]);
    const again = await asUser<LiquidityError>(bob.cookie, 'POST', `${W}/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_state');

    // Then on as today: custody takes it to COMPLETED.
    for (let step = 0; step < 4; step += 1) {
      expect((await key.send('POST', `/api/v2/sandbox/withdrawals/${id}/advance`)).status).toBe(200);
    }
    const done = await key.request<Withdrawal>('GET', `${W}/${id}`);
    expect(done.data).toMatchObject({ status: 'COMPLETED', approved_by: { id: bob.userId } });
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '700.00', held: '0.00' });
  });

  it('the requester may reject their own (a cancel): FAILED "Rejected: …", the hold released, two events', async () => {
    const { org, key, walletId, alice, bob } = await treasury({ withdrawals: true });
    const created = await asUser<Withdrawal>(alice.cookie, 'POST', W, {
      amount: '250.25',
      wallet_id: walletId,
    });
    const id = created.body.id;
    const noReason = await asUser(alice.cookie, 'POST', `${W}/${id}/reject`, {});
    expect(noReason.status).toBe(422);

    const rejected = await asUser<Withdrawal>(alice.cookie, 'POST', `${W}/${id}/reject`, {
      reason: 'Wrong amount',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'FAILED',
      sub_status: 'rejected',
      failure_reason: 'Rejected: Wrong amount',
      approved_by: null,
    });
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '1000.00', held: '0.00' });
    expect(await eventTypes(key, id)).toEqual([
      'withdrawal.submitted',
      'withdrawal.approval_requested',
      'withdrawal.approval_rejected',
      'withdrawal.rejected',
      'withdrawal.failed',
    ]);
    // The release is one balanced ledger transaction referring to the withdrawal.
    const [release] = await db().execute<{ sum: string; n: string }>(sql`
      select sum(e.amount)::text as sum, count(*)::text as n
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
       where t.reference_id = ${id} and t.type = 'withdrawal_release'`);
    expect(release).toEqual({ sum: '0.000000', n: '2' });

    const late = await asUser<LiquidityError>(bob.cookie, 'POST', `${W}/${id}/approve`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('invalid_state');
    expect((await asUser(bob.cookie, 'POST', `${W}/${id}/reject`, { reason: 'x' })).status).toBe(409);
  });

  it('counts people, not credentials: a key acts for the user who created it; a key with no creator is its own person', async () => {
    const { walletId, admin, alice, key } = await treasury({ withdrawals: true });
    const issued = await asUser<{ api_key: string; private_key_pem: string; shared_secret: string }>(
      admin.cookie,
      'POST',
      '/api/v2/api-keys',
      { name: 'Treasury bot', role: 'approver' },
    );
    const adminsKey = apiClient({
      apiKey: issued.body.api_key,
      privateKeyPem: issued.body.private_key_pem,
      sharedSecret: issued.body.shared_secret,
    });
    const byKey = await adminsKey.request<Withdrawal>('POST', W, {
      body: { amount: '10', wallet_id: walletId },
    });
    expect(byKey.data).toMatchObject({
      sub_status: 'pending_approval',
      requested_by: { type: 'api_key', name: 'Treasury bot', user_id: admin.userId },
    });
    // The admin cannot approve what their own key asked for.
    const own = await asUser<LiquidityError>(admin.cookie, 'POST', `${W}/${byKey.data.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('separate_approver_required');
    expect((await asUser(alice.cookie, 'POST', `${W}/${byKey.data.id}/approve`)).status).toBe(200);

    const byOrphanKey = await key.request<Withdrawal>('POST', W, {
      body: { amount: '10', wallet_id: walletId },
    });
    expect(byOrphanKey.data.requested_by).toMatchObject({ type: 'api_key', user_id: null });
    expect((await asUser(admin.cookie, 'POST', `${W}/${byOrphanKey.data.id}/approve`)).status).toBe(200);
  });

  it('no custody update can move a withdrawal that waits for approval (only a rejection ends it)', async () => {
    const { org, walletId, alice } = await treasury({ withdrawals: true });
    const created = await asUser<Withdrawal>(alice.cookie, 'POST', W, { amount: '40', wallet_id: walletId });
    const { findWithdrawal } = await import('@/lib/liquidity/server/withdrawals');
    const { applyWithdrawalUpdate } = await import('@/lib/liquidity/server/withdrawal-progress');
    const row = await findWithdrawal(db(), org.orgId, created.body.id);
    await expect(
      applyWithdrawalUpdate(db(), row!, {
        status: 'PROCESSING',
        subStatus: 'signing',
        custodyTransactionId: 'x',
      }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    const after = await asUser<Withdrawal>(alice.cookie, 'GET', `${W}/${created.body.id}`);
    expect(after.body).toMatchObject({ status: 'SUBMITTED', sub_status: 'pending_approval' });
  });

  it('with the policy off, a withdrawal goes straight to custody as before', async () => {
    const { walletId, alice } = await treasury();
    const created = await asUser<Withdrawal>(alice.cookie, 'POST', W, { amount: '10', wallet_id: walletId });
    expect(created.body).toMatchObject({ sub_status: 'awaiting_approval', approved_by: null });
    expect((await asUser(alice.cookie, 'POST', `${W}/${created.body.id}/approve`)).status).toBe(409);
  });
});

describe('four eyes on the address book', () => {
  it('a new wallet is PENDING_APPROVAL, cannot be withdrawn to, and a second approver lets it in', async () => {
    const { key, alice, bob } = await treasury({ wallets: true });
    const added = await asUser<Wallet>(alice.cookie, 'POST', WALLETS, {
      chain_id: await chainId('ethereum'),
      address: sandboxAddress('evm'),
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      status: 'PENDING_APPROVAL',
      added_by: { type: 'user', id: alice.userId },
      approved_by: null,
    });
    const walletId = added.body.id;
    const refused = await key.send('POST', W, { body: { amount: '10', wallet_id: walletId } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as LiquidityError).error).toMatchObject({
      code: 'wallet_pending_approval',
      param: 'wallet_id',
    });

    const own = await asUser<LiquidityError>(alice.cookie, 'POST', `${WALLETS}/${walletId}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('separate_approver_required');
    expect((await key.send('POST', `${WALLETS}/${walletId}/approve`)).status).toBe(404);

    const approved = await asUser<Wallet>(bob.cookie, 'POST', `${WALLETS}/${walletId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'ACTIVE', approved_by: { id: bob.userId } });
    // Since 2.10.0 each step of its approval is public too (issue #42).
    expect(await eventTypes(key, walletId)).toEqual([
      'wallet.added',
      'wallet.approval_requested',
      'wallet.approval_recorded',
      'wallet.approved',
    ]);
    expect((await asUser(bob.cookie, 'POST', `${WALLETS}/${walletId}/approve`)).status).toBe(409);
    expect((await key.send('POST', W, { body: { amount: '10', wallet_id: walletId } })).status).toBe(201);
  });

  it('in production the 24-hour cooling-off starts at the approval, not when the wallet was added', async () => {
    const { org, alice, bob } = await treasury({ wallets: true });
    process.env.APP_ENV = 'production';
    const { resetEnvCache } = await import('@/lib/platform/env');
    resetEnvCache();
    try {
      const { addWallet, approveWallet } = await import('@/lib/liquidity/server/wallets');
      const added = await addWallet(db(), {
        orgId: org.orgId,
        chainId: await chainId('tron'),
        address: sandboxAddress('tron'),
        actor: userAuditActor(alice.userId),
        addedBy: { userId: alice.userId },
      });
      expect(added.status).toBe('PENDING_APPROVAL');
      // Three days later (frozen, so the approval instant is known to the millisecond).
      const approvedAt = now().getTime() + 3 * 86_400_000;
      freezeClock(new Date(approvedAt));
      const approved = await approveWallet(db(), {
        orgId: org.orgId,
        walletId: added.id,
        approverUserId: bob.userId,
        actor: userAuditActor(bob.userId),
      });
      expect(approved.status).toBe('COOLING_OFF');
      expect(new Date(approved.usable_from).getTime()).toBe(approvedAt + 86_400_000);
    } finally {
      resetClock();
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    }
  });
});

describe('the minimum withdrawal', () => {
  it('each chain has min_withdrawal_amount (1.00 USDT by default); below it is 400 naming amount and the minimum', async () => {
    const org = await createTestOrganization();
    const key = apiClient(org.credentials);
    await fund(org.orgId, '100');
    const list = await key.request<{ items: { code: string; min_withdrawal_amount: string }[] }>(
      'GET',
      '/api/v2/liquidity/management/chains',
    );
    expect(list.data.items.map((chain) => chain.min_withdrawal_amount)).toEqual(['1.00', '1.00']);
    const wallet = await key.request<Wallet>('POST', WALLETS, {
      body: { chain_id: await chainId('tron'), address: sandboxAddress('tron') },
    });
    const dust = await key.send('POST', W, { body: { amount: '0.000001', wallet_id: wallet.data.id } });
    expect(dust.status).toBe(400);
    const error = ((await dust.json()) as LiquidityError).error;
    expect(error).toMatchObject({ code: 'amount_below_minimum', param: 'amount' });
    expect(error.message).toContain('1.00 USDT');
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '100.00', held: '0.00' });
    expect((await key.send('POST', W, { body: { amount: '1', wallet_id: wallet.data.id } })).status).toBe(
      201,
    );
  });
});
