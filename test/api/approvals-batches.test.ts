// A batch through the approval rules, on the real database (issue #42 §2, DESIGN "Approvals"): two of three finance
// approvers then the CFO, in order, taking longer than the 30-minute quote on the sandbox clock; makers (and their
// keys) never approve; one person one slot; a payee's new bank details clearing the approvals given; rules by
// currency and by source; a rejection and a maker's re-quote starting afresh; twenty approvers at once ending in
// exactly one confirmation.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { resetEnvCache } from '@/lib/platform/env';
import { reviewProfile } from '@/lib/profiles/server/review';
import { apiClient } from '../api';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { addApiKey } from '../fixtures';
import { balanceOf, callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Approval {
  status: string;
  stages: { name: string; required: number; approvals: { user_id: string; name: string }[] }[];
  rejection: { by: { type: string; id: string; name: string }; reason: string } | null;
}
interface Batch {
  id: string;
  status: string;
  source: string;
  source_amount_total: string;
  quote_expires_at: string;
  approval_digest: string;
  approval: Approval;
}
interface BatchWithOrders {
  batch: Batch;
  orders: { status: string }[];
}
type Answer = BatchWithOrders & { code?: string; message?: string };

const RULES = '/api/v2/organizations/me/approval-rules';

async function people(orgId: string) {
  const finance = [] as SignedIn[];
  for (let i = 0; i < 3; i += 1) finance.push(await signIn({ memberships: [{ orgId, role: 'approver' }] }));
  const cfo = await signIn({ memberships: [{ orgId, role: 'admin' }] });
  const maker = await signIn({ memberships: [{ orgId, role: 'approver' }] });
  return { finance, cfo, maker };
}

async function bigBatchRule(cfo: SignedIn, finance: SignedIn[]) {
  const rule = await sessionCall(cfo, 'POST', RULES, {
    object: 'batch',
    name: 'Above 50,000 USDT',
    conditions: { amount_usdt_gte: '50000' },
    stages: [
      { name: 'Finance', required: 2, user_ids: finance.map((p) => p.userId) },
      { name: 'CFO', required: 1, role: 'admin' },
    ],
  });
  expect(rule.status).toBe(201);
}

const approve = (caller: SignedIn, batch: Pick<Batch, 'id' | 'approval_digest'>) =>
  sessionCall<Answer>(caller, 'POST', `/api/v2/payouts/${batch.id}/approve`, {
    approval_digest: batch.approval_digest,
  });

async function createAs(
  caller: SignedIn,
  org: PayoutOrg,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  const created = await sessionCall<BatchWithOrders>(caller, 'POST', '/api/v2/payouts', {
    orders: [orderItem(org, amount)],
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body.batch;
}

describe('a batch under approval rules', () => {
  it('two of three finance approvers then the CFO, in order, outlasting the quote; makers and their keys never approve', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await people(org.orgId);
    await bigBatchRule(cfo, finance);
    // The maker creates it with their own key: a key counts as the person who created it.
    const makersKey = apiClient(
      await addApiKey(org.orgId, { role: 'approver', createdByUserId: maker.userId }),
    );
    const created = await callJson<BatchWithOrders>(makersKey, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '60000')],
    });
    expect(created.status).toBe(201);
    const batch = created.body.batch;
    expect(batch).toMatchObject({ status: 'AWAITING_CONFIRMATION', source: 'api' });
    expect(batch.approval).toEqual({
      status: 'pending',
      stages: [
        { name: 'Finance', required: 2, eligible: { user_ids: finance.map((p) => p.userId) }, approvals: [] },
        { name: 'CFO', required: 1, eligible: { role: 'admin' }, approvals: [] },
      ],
      rejection: null,
    });
    const smallOne = await createAs(maker, org, '100');
    expect(smallOne.approval.status).toBe('not_required');

    expect(await approve(maker, batch)).toMatchObject({
      status: 403,
      body: { code: 'separate_confirmer_required' },
    });
    expect(
      (
        await callJson<Answer>(makersKey, 'POST', `/api/v2/payouts/${batch.id}/approve`, {
          approval_digest: batch.approval_digest,
        })
      ).body.code,
    ).toBe('separate_confirmer_required');
    // Stages in order: the CFO cannot go first.
    expect(await approve(cfo, batch)).toMatchObject({
      status: 403,
      body: { code: 'not_an_eligible_approver' },
    });
    // A confirm now is not an approval: more is missing than the caller can give.
    expect(
      (await sessionCall<Answer>(finance[0]!, 'POST', `/api/v2/payouts/${batch.id}/confirm`)).body.code,
    ).toBe('approval_required');

    const first = await approve(finance[0]!, batch);
    expect(first.status).toBe(200);
    expect(first.body.batch.approval.stages[0]!.approvals.map((a) => a.user_id)).toEqual([
      finance[0]!.userId,
    ]);
    expect(await approve(finance[0]!, batch)).toMatchObject({
      status: 409,
      body: { code: 'already_approved' },
    });

    // The afternoon goes by: far longer than the 30-minute quote.
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 3 * 3600 });
    const second = await approve(finance[2]!, batch);
    expect(second.body.batch.approval.stages[0]!.approvals).toHaveLength(2);
    expect(await approve(finance[1]!, batch)).toMatchObject({
      status: 403,
      body: { code: 'not_an_eligible_approver' },
    });

    const last = await approve(cfo, batch);
    expect(last.status).toBe(200);
    expect(last.body.batch.status).toBe('IN_PROGRESS');
    expect(last.body.orders.every((order) => order.status === 'AWAITING_DEPOSIT')).toBe(true);
    expect(last.body.batch.approval.status).toBe('approved');
    // Renewed at the current quote (the rates did not move): the same total, a fresh expiry.
    expect(last.body.batch.source_amount_total).toBe(batch.source_amount_total);
    expect(last.body.batch.quote_expires_at > batch.quote_expires_at).toBe(true);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: batch.source_amount_total });
  });

  it("a payee's new bank details clear the approvals given; the old digest no longer approves", async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await people(org.orgId);
    await bigBatchRule(cfo, finance);
    const patched = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      address_line1: 'Friedrichstraße 100',
      city: 'Berlin',
      postal_code: '10117',
    });
    expect(patched.status).toBe(200);
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const batch = await createAs(maker, org, '60000');
    expect((await approve(finance[0]!, batch)).status).toBe(200);

    const iban = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      iban: 'DE75512108001245126199',
    });
    expect(iban.status).toBe(200);
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const after = (await sessionCall<BatchWithOrders>(cfo, 'GET', `/api/v2/payouts/${batch.id}`)).body.batch;
    expect(after.approval_digest).not.toBe(batch.approval_digest);
    expect(after.approval.stages[0]!.approvals).toEqual([]);
    expect(await approve(finance[1]!, batch)).toMatchObject({
      status: 409,
      body: { code: 'review_outdated' },
    });
    expect((await approve(finance[0]!, after)).status).toBe(200);
  });

  it('rules by currency and by source; a rejection waits for a maker’s re-quote, which asks afresh', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await people(org.orgId);
    expect(
      (
        await sessionCall(cfo, 'POST', RULES, {
          object: 'batch',
          name: 'Yen payouts',
          conditions: { currencies: ['JPY'] },
          stages: [{ name: 'Treasury', required: 1, user_ids: [finance[0]!.userId] }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await sessionCall(cfo, 'POST', RULES, {
          object: 'batch',
          name: 'CSV imports',
          conditions: { sources: ['csv'] },
          stages: [{ name: 'Any admin', required: 1, role: 'admin' }],
        })
      ).status,
    ).toBe(201);

    const euros = await createAs(maker, org, '100');
    expect(euros).toMatchObject({ source: 'portal', approval: { status: 'not_required' } });
    const yen = await sessionCall<BatchWithOrders>(maker, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '100000', { currency: 'JPY' })],
    });
    expect(yen.body.batch.approval.stages.map((stage) => stage.name)).toEqual(['Treasury']);
    const csv = await createAs(maker, org, '100', { source: 'csv' });
    expect(csv.approval.stages.map((stage) => stage.name)).toEqual(['Any admin']);
    // A key's batch is always `api`, whatever it says.
    const byKey = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
      source: 'csv',
      orders: [orderItem(org, '100')],
    });
    expect(byKey.body.batch).toMatchObject({ source: 'api', approval: { status: 'not_required' } });

    const rejected = await sessionCall<Answer>(finance[1]!, 'POST', `/api/v2/payouts/${csv.id}/reject`, {
      reason: 'Not this supplier run',
    });
    // Who rejected, by name as the inbox and the batch page show it.
    const [rejecter] = await db()
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, finance[1]!.userId));
    expect(rejected.body.batch.approval).toMatchObject({
      status: 'rejected',
      rejection: {
        by: { type: 'user', id: finance[1]!.userId, name: rejecter!.name },
        reason: 'Not this supplier run',
      },
    });
    expect(await approve(cfo, csv)).toMatchObject({ status: 409, body: { code: 'invalid_state' } });
    const requoted = await sessionCall<BatchWithOrders>(maker, 'POST', `/api/v2/payouts/${csv.id}/quote`);
    expect(requoted.body.batch.approval).toMatchObject({ status: 'pending', rejection: null });
    expect((await approve(cfo, requoted.body.batch)).body.batch.status).toBe('IN_PROGRESS');
  });

  it('twenty approvers at once on the last slot: exactly one confirmation, one hold', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const maker = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    await sessionCall(admin, 'POST', RULES, {
      object: 'batch',
      name: 'Everything',
      stages: [{ name: 'One approver', required: 1, role: 'approver' }],
    });
    const batch = await createAs(maker, org, '1000');
    const approvers = await Promise.all(
      Array.from({ length: 20 }, () => signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] })),
    );
    const answers = await Promise.all(approvers.map((approver) => approve(approver, batch)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: batch.source_amount_total });
  });
});

interface InboxPage {
  items: {
    id: string;
    object_type: string;
    object_id: string;
    approval_digest: string | null;
    approval: Approval;
  }[];
  meta: { total: number; has_more: boolean };
}

describe('the approvals inbox', () => {
  it('waiting for me shows only what the caller may approve now; pending and decided the rest, with cursors', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await people(org.orgId);
    await bigBatchRule(cfo, finance);
    const older = await createAs(maker, org, '60000');
    const newer = await createAs(maker, org, '61000');
    const inbox = (caller: SignedIn, query: string) =>
      sessionCall<InboxPage>(caller, 'GET', `/api/v2/approvals?${query}`).then((answer) => answer.body);

    const mine = await inbox(finance[0]!, 'view=waiting_for_me');
    expect(mine.items.map((item) => item.object_id)).toEqual([newer.id, older.id]);
    expect(mine.items[0]).toMatchObject({ object_type: 'batch', approval_digest: newer.approval_digest });
    // The CFO's stage is not open yet; the maker never sees their own batches as theirs to approve.
    expect((await inbox(cfo, 'view=waiting_for_me')).items).toEqual([]);
    expect((await inbox(maker, 'view=waiting_for_me')).items).toEqual([]);

    expect((await approve(finance[0]!, older)).status).toBe(200);
    expect((await inbox(finance[0]!, 'view=waiting_for_me')).items.map((item) => item.object_id)).toEqual([
      newer.id,
    ]);
    expect((await approve(finance[1]!, older)).status).toBe(200);
    expect((await inbox(cfo, 'view=waiting_for_me')).items.map((item) => item.object_id)).toEqual([older.id]);
    expect((await approve(cfo, older)).body.batch.status).toBe('IN_PROGRESS');

    expect((await inbox(maker, 'view=decided')).items.map((item) => item.object_id)).toEqual([older.id]);
    const firstPage = await inbox(maker, 'view=pending&limit=1');
    expect(firstPage).toMatchObject({ meta: { total: 1, has_more: false } });
    expect(firstPage.items.map((item) => item.object_id)).toEqual([newer.id]);
    const all = await inbox(finance[2]!, 'view=waiting_for_me&limit=1');
    expect(all.items.map((item) => item.object_id)).toEqual([newer.id]);
    const after = await inbox(
      finance[2]!,
      `view=decided&starting_after=${(await inbox(maker, 'view=decided')).items[0]!.id}`,
    );
    expect(after.items).toEqual([]);
  });
});

describe('rule edits', () => {
  it('leave objects already waiting untouched: they keep the stages they were given', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await people(org.orgId);
    const otherAdmin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    await bigBatchRule(cfo, finance);
    const waiting = await createAs(maker, org, '60000');
    const rule = (await sessionCall<{ data: { id: string }[] }>(cfo, 'GET', RULES)).body.data[0]!;
    const change = await sessionCall<{ pending_change_id: string }>(cfo, 'DELETE', `${RULES}/${rule.id}`);
    expect(
      (await sessionCall(otherAdmin, 'POST', `${RULES}/changes/${change.body.pending_change_id}/approve`))
        .status,
    ).toBe(200);
    expect((await sessionCall<{ data: unknown[] }>(cfo, 'GET', RULES)).body.data).toEqual([]);

    const still = (await sessionCall<BatchWithOrders>(cfo, 'GET', `/api/v2/payouts/${waiting.id}`)).body
      .batch;
    expect(still.approval).toEqual(waiting.approval);
    expect(
      (await sessionCall<Answer>(finance[0]!, 'POST', `/api/v2/payouts/${waiting.id}/confirm`)).body.code,
    ).toBe('approval_required');
    // A batch made now needs nothing.
    expect((await createAs(maker, org, '60000')).approval.status).toBe('not_required');
  });

  it('a rule on details changed within 7 days matches a payee edited today, not one edited 10 days ago (sandbox clock)', async () => {
    const org = await createPayoutOrg({ balance: '100000' });
    const { finance, cfo, maker } = await people(org.orgId);
    const rule = await sessionCall(cfo, 'POST', RULES, {
      object: 'batch',
      name: 'A payee’s details changed this week',
      conditions: { details_changed_within_days: 7 },
      stages: [{ name: 'Finance', required: 1, role: 'approver' }],
    });
    expect(rule).toMatchObject({ status: 201, body: { conditions: { details_changed_within_days: 7 } } });
    const newIban = async (beneficiaryId: string, iban: string) => {
      const patched = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${beneficiaryId}`, {
        iban,
        address_line1: 'Friedrichstraße 100',
        city: 'Berlin',
        postal_code: '10117',
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      await reviewProfile(db(), 'beneficiary', beneficiaryId);
    };
    await newIban(org.beneficiaries.EUR, 'DE75512108001245126199');
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 10 * 86_400 });
    await newIban(org.otherBeneficiaryId, 'DE02370400440532013111');

    const toOld = await createAs(maker, org, '100.00');
    expect(toOld.approval.status).toBe('not_required');
    const toEdited = await sessionCall<BatchWithOrders>(maker, 'POST', '/api/v2/payouts', {
      orders: [
        {
          ...orderItem(org, '100.00'),
          sender_profile_id: org.otherSenderId,
          beneficiary_profile_id: org.otherBeneficiaryId,
        },
      ],
    });
    expect(toEdited.status).toBe(201);
    expect(toEdited.body.batch.approval).toMatchObject({ status: 'pending', stages: [{ name: 'Finance' }] });
    expect((await approve(finance[0]!, toEdited.body.batch)).status).toBe(200);
    // A condition only batches have is refused elsewhere, and so is a non-positive number of days.
    for (const bad of [
      { object: 'withdrawal', conditions: { details_changed_within_days: 7 } },
      { object: 'batch', conditions: { details_changed_within_days: 0 } },
    ])
      expect(
        (
          await sessionCall(cfo, 'POST', RULES, {
            ...bad,
            name: 'Bad',
            stages: [{ name: 'x', required: 1, role: 'approver' }],
          })
        ).status,
      ).toBe(422);
  });
});
