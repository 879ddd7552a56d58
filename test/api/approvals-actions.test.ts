// What the caller may do next (issue #42 §2, DESIGN "Approvals": `actions`), computed by the server on the real
// database so the portal never restates a rule: a maker, each stage's people, a member and a support view each read
// their own answer on the same batch, withdrawal and wallet, and a list agrees with a read.
import { describe, expect, it } from 'vitest';
import { type SignedIn, sessionCall, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
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
      confirm: 'You made this batch',
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
      confirm: 'Only approvers and admins may do this',
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
