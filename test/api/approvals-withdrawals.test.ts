// Withdrawals through the approval rules on the real database (issue #42 §2, DESIGN "Approvals"): a rule above an
// amount asking two approvers then an admin; each approve fills one slot and answers the progress; the requester and
// a second approval by the same person are refused; the last one sends it on (`withdrawal.approved`); below the
// amount nothing waits.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { apiClient } from '../api';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

const W = '/api/v2/liquidity/management/withdrawals';
const WALLETS = '/api/v2/liquidity/management/wallets';

interface Withdrawal {
  id: string;
  status: string;
  sub_status: string;
  approved_by: { id: string } | null;
  approval: { status: string; stages: { name: string; approvals: { user_id: string }[] }[] };
}

describe('a withdrawal under approval rules', () => {
  it('two approvers then an admin above 500 USDT, one slot each, the last one sends it on', async () => {
    const org = await createTestOrganization();
    const key = apiClient(org.credentials);
    await fund(org.orgId, '5000');
    const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
    const wallet = await key.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
      body: { chain_id: tron!.id, address: sandboxAddress('tron'), label: 'Cold' },
    });
    const people = [] as SignedIn[];
    for (let i = 0; i < 3; i += 1)
      people.push(await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] }));
    const [requester, first, second] = people as [SignedIn, SignedIn, SignedIn];
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    expect(
      (
        await sessionCall(admin, 'POST', '/api/v2/organizations/me/approval-rules', {
          object: 'withdrawal',
          name: 'Above 500 USDT',
          conditions: { amount_usdt_gte: '500' },
          stages: [
            { name: 'Treasury', required: 2, role: 'approver' },
            { name: 'Admin', required: 1, role: 'admin' },
          ],
        })
      ).status,
    ).toBe(201);

    const small = await sessionCall<Withdrawal>(requester, 'POST', W, {
      amount: '100',
      wallet_id: wallet.data.id,
    });
    expect(small.body).toMatchObject({
      sub_status: 'awaiting_approval',
      approval: { status: 'not_required' },
    });

    const big = await sessionCall<Withdrawal>(requester, 'POST', W, {
      amount: '1000',
      wallet_id: wallet.data.id,
    });
    expect(big.body).toMatchObject({ status: 'SUBMITTED', sub_status: 'pending_approval' });
    expect(big.body.approval.stages.map((stage) => stage.name)).toEqual(['Treasury', 'Admin']);
    const approve = (caller: SignedIn) =>
      sessionCall<Withdrawal & { error?: { code: string } }>(caller, 'POST', `${W}/${big.body.id}/approve`);

    expect((await approve(requester)).body.error?.code).toBe('separate_approver_required');
    const one = await approve(first);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ sub_status: 'pending_approval', approved_by: null });
    expect(one.body.approval.stages[0]!.approvals.map((a) => a.user_id)).toEqual([first.userId]);
    expect((await approve(first)).body.error?.code).toBe('already_approved');
    expect((await approve(second)).body.sub_status).toBe('pending_approval');
    const last = await approve(admin);
    expect(last.body).toMatchObject({
      sub_status: 'awaiting_approval',
      approved_by: { id: admin.userId },
      approval: { status: 'approved' },
    });
    expect((await publicEvents(key, { about: [big.body.id] })).map((event) => event.type)).toEqual([
      'withdrawal.submitted',
      'withdrawal.approval_requested',
      'withdrawal.approval_recorded',
      'withdrawal.approval_recorded',
      'withdrawal.approval_recorded',
      'withdrawal.approved',
    ]);
  });
});

describe('a new wallet under approval rules', () => {
  it('an approver other than who added it rejects it with a reason: it leaves the book, unusable; the adder may not', async () => {
    const org = await createTestOrganization();
    await fund(org.orgId, '5000');
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const adder = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const checker = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const policy = '/api/v2/organizations/me/approval-policy';
    expect((await sessionCall(admin, 'PATCH', policy, { wallets_require_approval: true })).status).toBe(200);
    const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
    const added = await sessionCall<{ id: string; status: string }>(adder, 'POST', WALLETS, {
      chain_id: tron!.id,
      address: sandboxAddress('tron'),
      label: 'Unknown',
    });
    expect(added.body.status).toBe('PENDING_APPROVAL');
    const reject = `${WALLETS}/${added.body.id}/reject`;

    expect(await sessionCall(adder, 'POST', reject, { reason: 'mine' })).toMatchObject({
      status: 403,
      body: { error: { code: 'separate_approver_required' } },
    });
    expect((await sessionCall(checker, 'POST', reject, { reason: '  ' })).status).toBe(422);
    expect((await sessionCall(checker, 'POST', reject, {})).status).toBe(422);
    expect((await apiClient(org.credentials).send('POST', reject, { body: { reason: 'key' } })).status).toBe(
      404,
    );

    const rejected = await sessionCall<{ status: string; approval: unknown }>(checker, 'POST', reject, {
      reason: 'Not our supplier’s address',
    });
    expect(rejected).toMatchObject({
      status: 200,
      body: {
        status: 'REMOVED',
        approval: {
          status: 'rejected',
          rejection: { by: { type: 'user', id: checker.userId }, reason: 'Not our supplier’s address' },
        },
      },
    });
    expect(await sessionCall(checker, 'POST', reject, { reason: 'again' })).toMatchObject({ status: 404 });
    const listed = await sessionCall<{ items: { id: string }[] }>(checker, 'GET', WALLETS);
    expect(listed.body.items.map((wallet) => wallet.id)).not.toContain(added.body.id);
    const withdrawal = await sessionCall<{ error: { code: string } }>(checker, 'POST', W, {
      amount: '10',
      wallet_id: added.body.id,
    });
    expect(withdrawal).toMatchObject({ status: 400, body: { error: { code: 'wallet_not_found' } } });
    const events = await publicEvents(apiClient(org.credentials), { types: ['wallet.approval_rejected'] });
    expect(events.map((event) => event.type)).toEqual(['wallet.approval_rejected']);
  });
});
