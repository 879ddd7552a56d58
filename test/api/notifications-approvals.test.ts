// Who is told about a batch's approval, end to end on the real database (issue #42 §4): the approval events the
// approvals area records become notifications for exactly the people who can fill the open stage — the next stage's
// people only once it opens, never a maker, never twice — and the decision goes to the makers, a rejection with its
// reason.
import { describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/platform/env';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Notification {
  kind: string;
  title: string;
  body: string;
  link: string;
}
interface Batch {
  id: string;
  approval_digest: string;
  approval: { status: string };
}

const bell = async (person: SignedIn) =>
  (await sessionCall<{ items: Notification[] }>(person, 'GET', '/api/v2/notifications?limit=100')).body.items;
const approvalNotices = async (person: SignedIn) =>
  (await bell(person)).filter(
    (item) => item.kind === 'approval_requested' || item.kind === 'approval_decided',
  );

/** Three named finance approvers, then any admin (the CFO); the maker is an approver who may not approve their own. */
async function financeThenCfo(org: PayoutOrg) {
  const as = (role: 'approver' | 'admin') => signIn({ memberships: [{ orgId: org.orgId, role }] });
  const finance = [await as('approver'), await as('approver'), await as('approver')];
  const cfo = await as('admin');
  const maker = await as('approver');
  const rule = await sessionCall(cfo, 'POST', '/api/v2/organizations/me/approval-rules', {
    object: 'batch',
    name: 'Above 50,000 USDT',
    conditions: { amount_usdt_gte: '50000' },
    stages: [
      { name: 'Finance', required: 2, user_ids: finance.map((person) => person.userId) },
      { name: 'CFO', required: 1, role: 'admin' },
    ],
  });
  expect(rule.status).toBe(201);
  return { finance, cfo, maker };
}

async function bigBatch(maker: SignedIn, org: PayoutOrg): Promise<Batch> {
  const created = await sessionCall<{ batch: Batch }>(maker, 'POST', '/api/v2/payouts', {
    orders: [orderItem(org, '60000')],
  });
  expect(created.status).toBe(201);
  expect(created.body.batch.approval.status).toBe('pending');
  return created.body.batch;
}

const approve = (person: SignedIn, batch: Batch) =>
  sessionCall(person, 'POST', `/api/v2/payouts/${batch.id}/approve`, {
    approval_digest: batch.approval_digest,
  });

describe('notifications of a batch approval', () => {
  it('tells the open stage’s people once, the next stage’s when it opens, and the maker when it is approved', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await financeThenCfo(org);
    // The new rule itself: every approver but its author hears of it, so no control changes unseen.
    for (const person of [...finance, maker]) {
      expect((await bell(person)).filter((item) => item.kind === 'approval_rules_change')).toEqual([
        expect.objectContaining({ title: 'The approval rule “Above 50,000 USDT” was created' }),
      ]);
    }
    expect((await bell(cfo)).filter((item) => item.kind === 'approval_rules_change')).toEqual([]);
    const batch = await bigBatch(maker, org);

    // Requested: the three named finance approvers only — not the CFO (her stage is not open), not the maker.
    for (const person of finance) {
      expect(await approvalNotices(person)).toEqual([
        expect.objectContaining({
          kind: 'approval_requested',
          title: 'A batch waits for your approval',
          link: `/batches/${batch.id}`,
        }),
      ]);
    }
    expect(await approvalNotices(cfo)).toEqual([]);
    expect(await approvalNotices(maker)).toEqual([]);

    // One finance approval fills a slot of a stage still open: nobody new is told, nobody is told twice.
    expect((await approve(finance[0]!, batch)).status).toBe(200);
    for (const person of [...finance, cfo, maker])
      expect((await approvalNotices(person)).length).toBe(person === cfo || person === maker ? 0 : 1);

    // The second fills the finance stage: the CFO's stage opens, and she is told — only she.
    expect((await approve(finance[1]!, batch)).status).toBe(200);
    expect(await approvalNotices(cfo)).toEqual([expect.objectContaining({ kind: 'approval_requested' })]);
    for (const person of finance) expect((await approvalNotices(person)).length).toBe(1);

    // The CFO's approval is the last: it confirms the batch, and the maker hears it was approved.
    expect((await approve(cfo, batch)).status).toBe(200);
    expect(await approvalNotices(maker)).toEqual([
      expect.objectContaining({
        kind: 'approval_decided',
        title: 'A batch you made was approved',
        link: `/batches/${batch.id}`,
      }),
    ]);
    expect((await approvalNotices(cfo)).length).toBe(1);
  });

  it('tells the maker of a rejection with its reason, and nobody else', async () => {
    const org = await createPayoutOrg({ balance: '200000' });
    const { finance, cfo, maker } = await financeThenCfo(org);
    const batch = await bigBatch(maker, org);
    const rejected = await sessionCall(finance[2]!, 'POST', `/api/v2/payouts/${batch.id}/reject`, {
      reason: 'Wrong invoice month',
    });
    expect(rejected.status).toBe(200);
    expect(await approvalNotices(maker)).toEqual([
      expect.objectContaining({
        kind: 'approval_decided',
        title: 'A batch you made was rejected',
        body: 'Reason: Wrong invoice month',
      }),
    ]);
    expect((await approvalNotices(cfo)).length).toBe(0);
    for (const person of finance)
      expect((await approvalNotices(person)).map((n) => n.kind)).toEqual(['approval_requested']);
  });
});
