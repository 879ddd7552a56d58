// What the caller may do next (issue #42 §2, DESIGN "Approvals": `actions`), computed by the server on the real
// database so the portal never restates a rule: a maker, each stage's people, a member and a support view each read
// their own answer on the same batch, withdrawal and wallet, and a list agrees with a read.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { apiClient } from '../api';
import { type SignedIn, sessionCall, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { callJson, createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();

interface Action {
  name: string;
  allowed: boolean;
  reason: string | null;
}
interface Batch {
  id: string;
  status: string;
  approval_digest: string;
  approval: { status: string };
  actions: Action[] | null;
}
interface BatchWithOrders {
  batch: Batch;
}

/** The actions as `name → reason` (null when allowed), which reads as what a person sees beside each button. */
function verdicts(actions: Action[] | null | undefined): Record<string, string | null> {
  expect(actions).not.toBeNull();
  return Object.fromEntries(actions!.map((a) => [a.name, a.allowed ? null : a.reason]));
}

describe('a batch’s actions, for each caller', () => {
  it('the maker, each stage’s approver, a member and a support view each see what they may do, and why not', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const finance = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const cfo = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const maker = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
    const rule = await sessionCall(cfo, 'POST', '/api/v2/organizations/me/approval-rules', {
      object: 'batch',
      name: 'Every batch',
      stages: [
        { name: 'Finance', required: 1, user_ids: [finance.userId] },
        { name: 'CFO', required: 1, role: 'admin' },
      ],
    });
    expect(rule.status).toBe(201);
    const created = await sessionCall<BatchWithOrders>(maker, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '1000')],
    });
    expect(created.status).toBe(201);
    const id = created.body.batch.id;
    expect(verdicts(created.body.batch.actions)).toEqual({
      approve: 'You made this batch',
      reject: 'You made this batch',
      confirm: 'You are a maker of this batch, so another approver confirms it',
      cancel: null,
      requote: null,
    });
    const read = async (who: SignedIn) =>
      (await sessionCall<BatchWithOrders>(who, 'GET', `/api/v2/payouts/${id}`)).body.batch;

    expect(verdicts((await read(finance)).actions)).toEqual({
      approve: null,
      reject: null,
      confirm: 'Needs 2 more approvals first',
      cancel: null,
      requote: null,
    });
    expect(verdicts((await read(cfo)).actions)).toMatchObject({
      approve: 'Waiting for stage Finance',
      reject: null,
    });
    expect(verdicts((await read(member)).actions)).toMatchObject({
      approve: 'Only approvers and admins may do this',
      reject: 'Only approvers and admins may do this',
      confirm: 'Only approvers and admins can confirm a batch: ask one of them to review and confirm it',
      cancel: null,
    });
    // The server refuses what the actions refuse: a maker does not reject their own batch (they discard it).
    expect(
      await sessionCall(maker, 'POST', `/api/v2/payouts/${id}/reject`, { reason: 'Changed my mind' }),
    ).toMatchObject({ status: 403, body: { code: 'separate_confirmer_required' } });

    const first = await sessionCall<BatchWithOrders>(finance, 'POST', `/api/v2/payouts/${id}/approve`, {
      approval_digest: created.body.batch.approval_digest,
    });
    expect(first.status).toBe(200);
    expect(verdicts(first.body.batch.actions)).toMatchObject({
      approve: 'You have already approved',
      confirm: 'You have already approved',
    });
    const forCfo = await read(cfo);
    expect(verdicts(forCfo.actions)).toEqual({
      approve: null,
      reject: null,
      confirm: null,
      cancel: null,
      requote: null,
    });
    // A list says what a read says, caller by caller.
    const listed = await sessionCall<{ items: Batch[] }>(cfo, 'GET', '/api/v2/payouts');
    expect(listed.body.items.find((batch) => batch.id === id)?.actions).toEqual(forCfo.actions);

    // The inbox says the same of its items (approve and reject).
    type Inbox = { items: { object_id: string; actions: Action[] }[] };
    const inboxOf = async (who: SignedIn) =>
      (await sessionCall<Inbox>(who, 'GET', '/api/v2/approvals?view=pending')).body.items.find(
        (item) => item.object_id === id,
      )?.actions;
    expect(verdicts(await inboxOf(cfo))).toEqual({ approve: null, reject: null });
    expect(verdicts(await inboxOf(maker))).toEqual({
      approve: 'You made this batch',
      reject: 'You made this batch',
    });

    const staff = await signIn({ staffRole: 'support' });
    await startView(staff, org.orgId);
    const viewed = await read(staff);
    expect(viewed.actions).toHaveLength(5);
    expect(viewed.actions!.every((a) => !a.allowed && a.reason === 'Read-only support view')).toBe(true);

    // Past the 30-minute quote the last approver still approves (it renews the quote), but a confirm is refused.
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 3600 });
    expect(verdicts((await read(cfo)).actions)).toMatchObject({
      approve: null,
      confirm: 'Quote expired: re-quote first',
    });
    const last = await sessionCall<BatchWithOrders>(cfo, 'POST', `/api/v2/payouts/${id}/approve`, {
      approval_digest: created.body.batch.approval_digest,
    });
    expect(last.body.batch.status).toBe('IN_PROGRESS');
    expect(Object.values(verdicts(last.body.batch.actions))).toEqual(Array(5).fill('Already confirmed'));
  });
});

interface Decided {
  id: string;
  status: string;
  actions: Action[] | null;
}

/** An organization with a wallet rule and a withdrawal rule (one approver each), its people, and an active wallet. */
async function treasury() {
  const org = await createTestOrganization();
  const key = apiClient(org.credentials);
  await fund(org.orgId, '5000');
  const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
  const wallet = await key.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
    body: { chain_id: tron!.id, address: sandboxAddress('tron'), label: 'Cold' },
  });
  const requester = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
  const other = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
  const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
  for (const object of ['withdrawal', 'wallet'])
    expect(
      (
        await sessionCall(admin, 'POST', '/api/v2/organizations/me/approval-rules', {
          object,
          name: `Every ${object}`,
          stages: [{ name: 'Treasury', required: 1, role: 'approver' }],
        })
      ).status,
    ).toBe(201);
  return { org, key, tronId: tron!.id, walletId: wallet.data.id, requester, other, admin };
}

describe('a withdrawal’s and a wallet’s actions, for each caller', () => {
  it('a withdrawal: its requester may cancel and not approve, another approver may approve or reject, a key and a view may not', async () => {
    const { org, key, walletId, requester, other } = await treasury();
    const W = '/api/v2/liquidity/management/withdrawals';
    const asked = await sessionCall<Decided>(requester, 'POST', W, { amount: '100', wallet_id: walletId });
    expect(asked.status).toBe(201);
    expect(verdicts(asked.body.actions)).toEqual({
      approve: 'You asked for this withdrawal',
      reject: 'You asked for this withdrawal',
      cancel: null,
    });
    const read = async (who: SignedIn) =>
      (await sessionCall<Decided>(who, 'GET', `${W}/${asked.body.id}`)).body;
    const forOther = await read(other);
    expect(verdicts(forOther.actions)).toEqual({
      approve: null,
      reject: null,
      cancel: 'Only the person who asked for it may cancel it',
    });
    const listed = await sessionCall<{ items: Decided[] }>(other, 'GET', W);
    expect(listed.body.items.find((w) => w.id === asked.body.id)?.actions).toEqual(forOther.actions);
    const byKey = await key.request<Decided>('GET', `${W}/${asked.body.id}`);
    expect(verdicts(byKey.data.actions)).toMatchObject({
      approve: 'Sign in to decide: an API key never approves',
      reject: 'Sign in to decide: an API key never approves',
    });
    const staff = await signIn({ staffRole: 'support' });
    await startView(staff, org.orgId);
    expect(Object.values(verdicts((await read(staff)).actions))).toEqual(
      Array(3).fill('Read-only support view'),
    );

    const approved = await sessionCall<Decided>(other, 'POST', `${W}/${asked.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(Object.values(verdicts(approved.body.actions))).toEqual(Array(3).fill('Not waiting for approval'));
  });

  it('a wallet: whoever added it may not approve or reject it, another approver may, and the list says the same', async () => {
    const { tronId, requester, other } = await treasury();
    const WALLETS = '/api/v2/liquidity/management/wallets';
    const added = await sessionCall<Decided>(requester, 'POST', WALLETS, {
      chain_id: tronId,
      address: sandboxAddress('tron'),
      label: 'Exchange',
    });
    expect(added.body.status).toBe('PENDING_APPROVAL');
    expect(verdicts(added.body.actions)).toEqual({
      approve: 'You added this wallet',
      reject: 'You added this wallet',
    });
    // The server refuses what the actions refuse.
    expect(
      (await sessionCall(requester, 'POST', `${WALLETS}/${added.body.id}/reject`, { reason: 'Mine' })).status,
    ).toBe(403);
    const listed = await sessionCall<{ items: Decided[] }>(other, 'GET', WALLETS);
    expect(verdicts(listed.body.items.find((w) => w.id === added.body.id)?.actions)).toEqual({
      approve: null,
      reject: null,
    });
    const approved = await sessionCall<Decided>(other, 'POST', `${WALLETS}/${added.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(verdicts(approved.body.actions)).toEqual({
      approve: 'Not waiting for approval',
      reject: 'Not waiting for approval',
    });
  });
});

describe('a waiting rule change’s actions', () => {
  it('the admin who asked may cancel it and not approve it; another admin may approve it; an approver neither', async () => {
    const org = await createTestOrganization();
    const asker = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const other = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const approver = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const RULES = '/api/v2/organizations/me/approval-rules';
    const rule = await sessionCall<{ id: string }>(asker, 'POST', RULES, {
      object: 'batch',
      name: 'Every batch',
      stages: [{ name: 'Finance', required: 1, role: 'approver' }],
    });
    const asked = await sessionCall<{ pending_change_id: string; actions: Action[] }>(
      asker,
      'DELETE',
      `${RULES}/${rule.body.id}`,
    );
    expect(asked.status).toBe(202);
    expect(verdicts(asked.body.actions)).toEqual({ approve: 'You asked for this change', cancel: null });
    const inbox = async (who: SignedIn) =>
      (
        await sessionCall<{ items: { object_id: string; actions: Action[] }[] }>(
          who,
          'GET',
          '/api/v2/approvals?view=pending',
        )
      ).body.items.find((item) => item.object_id === asked.body.pending_change_id)?.actions;
    expect(verdicts(await inbox(other))).toEqual({
      approve: null,
      reject: 'An admin cancels a change instead',
    });
    expect(verdicts(await inbox(approver))).toMatchObject({ approve: 'Waiting for stage Another admin' });
    const approved = await sessionCall<{ status: string; actions: Action[] }>(
      other,
      'POST',
      `${RULES}/changes/${asked.body.pending_change_id}/approve`,
    );
    expect(approved.body.status).toBe('applied');
    expect(verdicts(approved.body.actions)).toEqual({
      approve: 'The change is applied',
      cancel: 'The change is applied',
    });
  });
});
