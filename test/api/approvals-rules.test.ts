// Approval rules through the real routes (issue #42 §1, DESIGN "Rules"): creating one applies at once and is public;
// named people must be approvers; changing or deleting one waits for another admin (never the one who asked), or,
// with a single admin, applies after the 72-hour notice on the sandbox clock unless cancelled; today's approval
// policy reads and writes the rules it became, and a PATCH of it that weakens it waits like a rule change.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { events } from '@/db/schema/platform/events';
import * as routes from '@/lib/approvals/contract/routes';
import { roleMayCall } from '@/lib/platform/operations/operation';
import { apiClient } from '../api';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { callJson } from '../payouts-fixtures';

await useTestDatabase();

const RULES = '/api/v2/organizations/me/approval-rules';
const POLICY = '/api/v2/organizations/me/approval-policy';

interface Rule {
  id: string;
  object: string;
  name: string;
  conditions: Record<string, unknown>;
  stages: { name: string; required: number; role?: string; user_ids?: string[] }[];
  from_approval_policy: boolean;
}
interface Change {
  pending_change_id: string;
  kind: string;
  status: string;
  apply_after: string | null;
  approval: { status: string; stages: { name: string; approvals: { user_id: string }[] }[] };
}

const bigBatches = (approvers: string[]) => ({
  object: 'batch',
  name: 'Above 50,000 USDT: two of three finance approvers, then the CFO',
  conditions: { amount_usdt_gte: '50000' },
  stages: [
    { name: 'Finance', required: 2, user_ids: approvers },
    { name: 'CFO', required: 1, role: 'admin' },
  ],
});

async function team(orgId: string, admins: number) {
  const people: SignedIn[] = [];
  for (let i = 0; i < admins; i += 1) people.push(await signIn({ memberships: [{ orgId, role: 'admin' }] }));
  const finance = [
    await signIn({ memberships: [{ orgId, role: 'approver' }] }),
    await signIn({ memberships: [{ orgId, role: 'approver' }] }),
    await signIn({ memberships: [{ orgId, role: 'approver' }] }),
  ];
  return { admins: people, finance };
}

async function publicRuleEvents(orgId: string) {
  return db()
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.orgId, orgId), eq(events.type, 'approval_rules.updated')))
    .orderBy(events.createdAt);
}

describe('approval rules', () => {
  it('the portal offers creating and changing rules to admins, approving a change to approvers (the routes it asks)', () => {
    expect(roleMayCall('approver', routes.createApprovalRuleOperation)).toBe(false);
    expect(roleMayCall('admin', routes.updateApprovalRuleOperation)).toBe(true);
    expect(roleMayCall('approver', routes.deleteApprovalRuleOperation)).toBe(false);
    expect(roleMayCall('approver', routes.approveRuleChangeOperation)).toBe(true);
    expect(roleMayCall('member', routes.approveRuleChangeOperation)).toBe(false);
    expect(roleMayCall('member', routes.listApprovalRulesOperation)).toBe(true);
    expect(roleMayCall('approver', routes.cancelRuleChangeOperation)).toBe(false);
    expect(roleMayCall('member', routes.listApprovalsOperation)).toBe(true);
  });

  it('an admin creates one and it applies at once; named people must be approvers; members cannot', async () => {
    const org = await createTestOrganization();
    const { admins, finance } = await team(org.orgId, 1);
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });

    const created = await sessionCall<Rule>(
      admins[0]!,
      'POST',
      RULES,
      bigBatches(finance.map((p) => p.userId)),
    );
    expect(created).toMatchObject({
      status: 201,
      body: {
        object: 'batch',
        conditions: { amount_usdt_gte: '50000.00' },
        stages: [
          { name: 'Finance', required: 2, user_ids: finance.map((p) => p.userId) },
          { name: 'CFO', required: 1, role: 'admin' },
        ],
        from_approval_policy: false,
      },
    });
    const listed = await sessionCall<{ data: Rule[] }>(member, 'GET', RULES);
    expect(listed.body.data.map((rule) => rule.id)).toEqual([created.body.id]);
    expect(await publicRuleEvents(org.orgId)).toEqual([
      {
        data: expect.objectContaining({
          change: 'created',
          rule: expect.objectContaining({ id: created.body.id }),
        }),
      },
    ]);

    expect((await sessionCall(member, 'POST', RULES, bigBatches([finance[0]!.userId]))).status).toBe(403);
    const notApprover = await sessionCall<{ errors: { field: string }[] }>(
      admins[0]!,
      'POST',
      RULES,
      bigBatches([finance[0]!.userId, finance[1]!.userId, member.userId]),
    );
    expect(notApprover.status).toBe(400);
    expect(notApprover.body.errors.map((error) => error.field)).toEqual(['stages.0.user_ids.2']);
    for (const bad of [
      {
        ...bigBatches([finance[0]!.userId]),
        stages: [{ name: 'Finance', required: 2, user_ids: [finance[0]!.userId] }],
      },
      {
        object: 'wallet',
        name: 'Wallets in euros',
        conditions: { currencies: ['EUR'] },
        stages: [{ name: 'A', required: 1, role: 'approver' }],
      },
      {
        object: 'batch',
        name: 'Both',
        stages: [{ name: 'A', required: 1, role: 'admin', user_ids: [finance[0]!.userId] }],
      },
      { object: 'batch', name: 'No stages', stages: [] },
    ]) {
      expect((await sessionCall(admins[0]!, 'POST', RULES, bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await sessionCall<{ data: Rule[] }>(member, 'GET', RULES)).body.data).toHaveLength(1);
  });

  it('a change waits for another admin, never the one who asked, and applies on their approval', async () => {
    const org = await createTestOrganization();
    const { admins, finance } = await team(org.orgId, 2);
    const [alice, bob] = admins as [SignedIn, SignedIn];
    const rule = (await sessionCall<Rule>(alice, 'POST', RULES, bigBatches(finance.map((p) => p.userId))))
      .body;

    const weaker = { ...bigBatches(finance.map((p) => p.userId)), conditions: { amount_usdt_gte: '500000' } };
    const asked = await sessionCall<Change>(alice, 'PATCH', `${RULES}/${rule.id}`, weaker);
    expect(asked).toMatchObject({
      status: 202,
      body: {
        kind: 'update',
        status: 'pending',
        apply_after: null,
        approval: { status: 'pending', stages: [{ name: 'Another admin', approvals: [] }] },
      },
    });
    // Nothing changed yet.
    expect((await sessionCall<{ data: Rule[] }>(alice, 'GET', RULES)).body.data[0]!.conditions).toEqual({
      amount_usdt_gte: '50000.00',
    });
    const approve = `${RULES}/changes/${asked.body.pending_change_id}/approve`;
    expect(await sessionCall(alice, 'POST', approve)).toMatchObject({
      status: 403,
      body: { code: 'separate_approver_required' },
    });
    expect(await sessionCall(finance[0]!, 'POST', approve)).toMatchObject({
      status: 403,
      body: { code: 'not_an_eligible_approver' },
    });
    const approved = await sessionCall<Change>(bob, 'POST', approve);
    expect(approved).toMatchObject({
      status: 200,
      body: { status: 'applied', approval: { status: 'approved' } },
    });
    expect((await sessionCall<{ data: Rule[] }>(alice, 'GET', RULES)).body.data[0]!.conditions).toEqual({
      amount_usdt_gte: '500000.00',
    });
    expect(await sessionCall(bob, 'POST', approve)).toMatchObject({
      status: 409,
      body: { code: 'invalid_state' },
    });

    // A delete waits the same way; a cancel leaves the rule as it was.
    const deletion = await sessionCall<Change>(bob, 'DELETE', `${RULES}/${rule.id}`);
    expect(deletion).toMatchObject({ status: 202, body: { kind: 'delete', status: 'pending' } });
    expect(
      await sessionCall(alice, 'POST', `${RULES}/changes/${deletion.body.pending_change_id}/cancel`),
    ).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await sessionCall<{ data: Rule[] }>(alice, 'GET', RULES)).body.data).toHaveLength(1);
    expect(
      (await publicRuleEvents(org.orgId)).map((event) => (event.data as { change: string }).change),
    ).toEqual(['created', 'updated']);
  });

  it('with a single admin a change applies after the 72-hour notice, and can be cancelled until then', async () => {
    const org = await createTestOrganization();
    const { admins, finance } = await team(org.orgId, 1);
    const admin = admins[0]!;
    const clock = apiClient(org.credentials);
    const first = (await sessionCall<Rule>(admin, 'POST', RULES, bigBatches(finance.map((p) => p.userId))))
      .body;
    const second = (
      await sessionCall<Rule>(admin, 'POST', RULES, {
        ...bigBatches(finance.map((p) => p.userId)),
        name: 'Second',
      })
    ).body;

    const deletion = await sessionCall<Change>(admin, 'DELETE', `${RULES}/${first.id}`);
    expect(deletion.status).toBe(202);
    expect(deletion.body.apply_after).not.toBeNull();
    expect(deletion.body.approval.status).toBe('not_required');
    const cancelled = await sessionCall<Change>(admin, 'DELETE', `${RULES}/${second.id}`);
    expect(
      await sessionCall(admin, 'POST', `${RULES}/changes/${deletion.body.pending_change_id}/approve`),
    ).toMatchObject({ status: 409, body: { code: 'invalid_state' } });
    await sessionCall(admin, 'POST', `${RULES}/changes/${cancelled.body.pending_change_id}/cancel`);

    await callJson(clock, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 71 * 3600 });
    expect((await sessionCall<{ data: Rule[] }>(admin, 'GET', RULES)).body.data).toHaveLength(2);
    await callJson(clock, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 3600 });
    expect(
      (await sessionCall<{ data: Rule[] }>(admin, 'GET', RULES)).body.data.map((rule) => rule.id),
    ).toEqual([second.id]);
  });

  it("today's approval policy reads and writes the rules it became", async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const policy = await sessionCall(admin, 'PATCH', '/api/v2/organizations/me/approval-policy', {
      require_separate_confirmer: true,
      threshold_usdt: '10000',
      withdrawals_require_approval: true,
    });
    expect(policy.body).toMatchObject({
      require_separate_confirmer: true,
      threshold_usdt: '10000.00',
      withdrawals_require_approval: true,
      wallets_require_approval: false,
    });
    const rules = (await sessionCall<{ data: Rule[] }>(admin, 'GET', RULES)).body.data;
    expect(
      rules.map(({ object, conditions, stages, from_approval_policy }) => ({
        object,
        conditions,
        stages,
        from_approval_policy,
      })),
    ).toEqual([
      {
        object: 'batch',
        conditions: { amount_usdt_gte: '10000.00' },
        stages: [{ name: 'Second approver', required: 1, role: 'approver' }],
        from_approval_policy: true,
      },
      {
        object: 'withdrawal',
        conditions: {},
        stages: [{ name: 'Second approver', required: 1, role: 'approver' }],
        from_approval_policy: true,
      },
    ]);
  });

  it('a weakening policy PATCH waits (202) for a second admin; a strengthening one applies at once (200)', async () => {
    const org = await createTestOrganization();
    const { admins } = await team(org.orgId, 2);
    const [alice, bob] = admins as [SignedIn, SignedIn];
    const stronger = await sessionCall(alice, 'PATCH', POLICY, {
      require_separate_confirmer: true,
      threshold_usdt: '10000',
      wallets_require_approval: true,
    });
    expect(stronger).toMatchObject({
      status: 200,
      body: { require_separate_confirmer: true, threshold_usdt: '10000.00', wallets_require_approval: true },
    });
    // A lower threshold tightens too.
    expect((await sessionCall(alice, 'PATCH', POLICY, { threshold_usdt: '5000' })).status).toBe(200);

    // A higher threshold and a switch off: the whole change waits, the policy as it was.
    const weaker = await sessionCall<Change & { rule_id: null; policy_change: unknown }>(
      alice,
      'PATCH',
      POLICY,
      {
        threshold_usdt: '20000',
        wallets_require_approval: false,
      },
    );
    expect(weaker).toMatchObject({
      status: 202,
      body: {
        kind: 'policy',
        rule_id: null,
        policy_change: { threshold_usdt: '20000.00', wallets_require_approval: false },
        status: 'pending',
        apply_after: null,
        approval: { status: 'pending', stages: [{ name: 'Another admin', approvals: [] }] },
      },
    });
    const unchanged = { threshold_usdt: '5000.00', wallets_require_approval: true };
    expect((await sessionCall(bob, 'GET', POLICY)).body).toMatchObject(unchanged);
    const approve = `${RULES}/changes/${weaker.body.pending_change_id}/approve`;
    expect(await sessionCall(alice, 'POST', approve)).toMatchObject({
      status: 403,
      body: { code: 'separate_approver_required' },
    });
    expect((await sessionCall(bob, 'GET', POLICY)).body).toMatchObject(unchanged);
    expect(await sessionCall(bob, 'POST', approve)).toMatchObject({
      status: 200,
      body: { status: 'applied' },
    });
    expect((await sessionCall(bob, 'GET', POLICY)).body).toMatchObject({
      require_separate_confirmer: true,
      threshold_usdt: '20000.00',
      wallets_require_approval: false,
    });
    // Switching maker-checker off waits the same way.
    expect((await sessionCall(alice, 'PATCH', POLICY, { require_separate_confirmer: false })).status).toBe(
      202,
    );
    expect((await sessionCall(alice, 'GET', POLICY)).body).toMatchObject({
      require_separate_confirmer: true,
    });
  });

  it("a single admin's weakening policy PATCH applies after the 72-hour notice unless cancelled", async () => {
    const org = await createTestOrganization();
    const { admins } = await team(org.orgId, 1);
    const admin = admins[0]!;
    const clock = apiClient(org.credentials);
    await sessionCall(admin, 'PATCH', POLICY, {
      withdrawals_require_approval: true,
      wallets_require_approval: true,
    });
    const off = await sessionCall<Change>(admin, 'PATCH', POLICY, { withdrawals_require_approval: false });
    expect(off).toMatchObject({
      status: 202,
      body: { kind: 'policy', approval: { status: 'not_required' } },
    });
    expect(off.body.apply_after).not.toBeNull();
    const cancelled = await sessionCall<Change>(admin, 'PATCH', POLICY, { wallets_require_approval: false });
    expect(
      await sessionCall(admin, 'POST', `${RULES}/changes/${cancelled.body.pending_change_id}/cancel`),
    ).toMatchObject({ status: 200, body: { status: 'cancelled' } });

    await callJson(clock, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 71 * 3600 });
    expect((await sessionCall(admin, 'GET', POLICY)).body).toMatchObject({
      withdrawals_require_approval: true,
      wallets_require_approval: true,
    });
    await callJson(clock, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 3600 });
    expect((await sessionCall(admin, 'GET', POLICY)).body).toMatchObject({
      withdrawals_require_approval: false,
      wallets_require_approval: true,
    });
    const [applied] = await db()
      .select({ data: events.data, actorType: events.actorType })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'approval_policy.updated')))
      .orderBy(desc(events.createdAt))
      .limit(1);
    expect(applied).toMatchObject({ actorType: 'system', data: { withdrawals_require_approval: false } });
  });

  it('waiting changes are listed (pending by default, with cursors) with who asked; decided ones by status', async () => {
    const org = await createTestOrganization();
    const { admins, finance } = await team(org.orgId, 2);
    const [alice, bob] = admins as [SignedIn, SignedIn];
    const [aliceName] = await db().select({ name: users.name }).from(users).where(eq(users.id, alice.userId));
    const rule = (await sessionCall<Rule>(alice, 'POST', RULES, bigBatches(finance.map((p) => p.userId))))
      .body;
    const first = await sessionCall<Change>(alice, 'DELETE', `${RULES}/${rule.id}`);
    expect((await sessionCall(alice, 'PATCH', POLICY, { require_separate_confirmer: true })).status).toBe(
      200,
    );
    const second = await sessionCall<Change>(alice, 'PATCH', POLICY, { require_separate_confirmer: false });
    await sessionCall(bob, 'POST', `${RULES}/changes/${second.body.pending_change_id}/cancel`);
    const third = await sessionCall<Change>(alice, 'PATCH', POLICY, { require_separate_confirmer: false });

    type Page = { items: (Change & { requested_by: unknown })[]; meta: { total: number; has_more: boolean } };
    const page1 = await sessionCall<Page>(finance[0]!, 'GET', `${RULES}/changes?limit=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toMatchObject({ total: 2, has_more: true });
    expect(page1.body.items[0]).toMatchObject({
      pending_change_id: third.body.pending_change_id,
      kind: 'policy',
      status: 'pending',
      requested_by: { type: 'user', id: alice.userId, name: aliceName!.name },
      approval: { status: 'pending' },
    });
    const page2 = await sessionCall<Page>(
      finance[0]!,
      'GET',
      `${RULES}/changes?limit=1&starting_after=${page1.body.items[0]!.pending_change_id}`,
    );
    expect(page2.body.items.map((item) => item.pending_change_id)).toEqual([first.body.pending_change_id]);
    expect(page2.body.meta.has_more).toBe(false);
    const cancelled = await sessionCall<Page>(alice, 'GET', `${RULES}/changes?status=cancelled`);
    expect(cancelled.body.items.map((item) => item.pending_change_id)).toEqual([
      second.body.pending_change_id,
    ]);
    // Another organization's changes are never listed.
    const stranger = await createTestOrganization();
    const outsider = await signIn({ memberships: [{ orgId: stranger.orgId, role: 'admin' }] });
    expect((await sessionCall<Page>(outsider, 'GET', `${RULES}/changes`)).body.items).toEqual([]);
  });
});
