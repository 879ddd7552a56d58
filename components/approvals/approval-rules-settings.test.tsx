// @vitest-environment happy-dom
// Settings → Approvals as a finance admin meets it: each rule in words ("Payout batches of 50,000.00 USDT or more,
// paid in EUR or GBP — 2 of Ana, Ben or Cy, then 1 admin"); a new rule built from conditions and stages with people
// picked from the team, sent as the API's rule; a change or a deletion that says plainly it waits for another admin
// (or applies at a time unless cancelled) and can be cancelled; approvers and members read without controls.
// Only the network is replaced: the real typed fetch and react-query run against a fake of the API's answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import type { OrgRole } from '@/lib/platform/actor/roles';
import type { ApprovalRule, RuleChange } from './api';
import { ApprovalRulesSettings } from './approval-rules-settings';

const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const ANA = '0b6f1c1e-0000-4000-8000-0000000000b1';
const BEN = '0b6f1c1e-0000-4000-8000-0000000000b2';
const CY = '0b6f1c1e-0000-4000-8000-0000000000b3';
const MEMBER = '0b6f1c1e-0000-4000-8000-0000000000c1';
const RULES = '/api/v2/organizations/me/approval-rules';
const AT = '2026-11-29T09:00:00.000Z';

const LARGE: ApprovalRule = {
  id: '0b6f1c1e-0000-4000-8000-00000000f001',
  object: 'batch',
  name: 'Large batches',
  conditions: { amount_usdt_gte: '50000.00', currencies: ['EUR', 'GBP'] },
  stages: [
    { name: 'Finance', required: 2, user_ids: [ANA, BEN, CY] },
    { name: 'CFO', required: 1, role: 'admin' },
  ],
  from_approval_policy: false,
  created_at: AT,
  updated_at: AT,
};

const POLICY: ApprovalRule = {
  id: '0b6f1c1e-0000-4000-8000-00000000f002',
  object: 'withdrawal',
  name: 'Withdrawals need a second approver',
  conditions: {},
  stages: [{ name: 'Second approver', required: 1, role: 'approver' }],
  from_approval_policy: true,
  created_at: AT,
  updated_at: AT,
};

function member(user_id: string, name: string, role: OrgRole) {
  return {
    user_id,
    name,
    role,
    email: `${name.toLowerCase()}@acme.example`,
    two_factor_enabled: true,
    joined_at: AT,
  };
}

const TEAM = [
  member(ME, 'Dana', 'admin'),
  member(ANA, 'Ana', 'approver'),
  member(BEN, 'Ben', 'approver'),
  member(CY, 'Cy', 'admin'),
  member(MEMBER, 'Max', 'member'),
];

function change(
  kind: 'update' | 'delete',
  apply_after: string | null,
  requested_by: RuleChange['requested_by'] = { type: 'user', id: ME, name: 'Dana' },
): RuleChange {
  return {
    pending_change_id: '0b6f1c1e-0000-4000-8000-00000000e001',
    kind,
    rule_id: LARGE.id,
    policy_change: null,
    status: 'pending',
    requested_by,
    apply_after,
    approval:
      apply_after === null
        ? {
            status: 'pending',
            stages: [{ name: 'Another admin', required: 1, eligible: { role: 'admin' }, approvals: [] }],
            rejection: null,
          }
        : { status: 'not_required', stages: [], rejection: null },
    // As the server answers the admin who asked: they may cancel it, never approve it.
    actions: [
      { name: 'approve', allowed: false, reason: 'You asked for this change' },
      { name: 'cancel', allowed: true, reason: null },
    ],
    created_at: AT,
  };
}

const PAGE = { limit: 100, page: 1, total: 0, has_more: false };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

let sent: Sent[];
let answers: Record<string, (body: unknown) => { status: number; body: unknown }>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answers = {
    [`GET ${RULES}`]: () => ({ status: 200, body: { data: [LARGE, POLICY] } }),
    [`GET ${RULES}/changes`]: () => ({ status: 200, body: { items: [], meta: PAGE } }),
    'GET /api/v2/organizations/me/members': () => ({
      status: 200,
      body: { items: TEAM, meta: { total: TEAM.length, page: 1, limit: 100 } },
    }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path, body });
    const answer = answers[`${method} ${path}`];
    if (!answer) return json(404, { code: 'not_found', message: `${method} ${path} is not faked` });
    const { status, body: answered } = answer(body);
    return json(status, answered);
  });
});

afterEach(() => vi.unstubAllGlobals());

function show(role: OrgRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PortalContextProvider value={{ userId: ME, role, sandbox: true }}>
        <ToastProvider>
          <ApprovalRulesSettings />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const writes = () => sent.filter((request) => request.method !== 'GET');

describe('Settings → Approvals: the rules', () => {
  it('an approver reads each rule in words, without names it may not list and without controls', async () => {
    show('approver');
    const large = await screen.findByRole('listitem', { name: 'Large batches' });
    expect(large.textContent).toContain('Payout batches of 50,000.00 USDT or more, paid in EUR or GBP');
    expect(large.textContent).toContain('2 of 3 named people, then 1 admin');
    const policy = screen.getByRole('listitem', { name: 'Withdrawals need a second approver' });
    expect(policy.textContent).toContain('Every withdrawal');
    expect(policy.textContent).toContain('1 approver or admin');
    expect(policy.textContent).toContain('From the approval policy');
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change|Delete/ })).toBeNull();
    expect(screen.getByText('Only admins can change the rules.')).toBeTruthy();
    expect(sent.map((request) => request.path)).not.toContain('/api/v2/organizations/me/members');
  });

  it('an admin reads the named people by name, and changes a policy rule only through the policy', async () => {
    show('admin');
    const large = await screen.findByRole('listitem', { name: 'Large batches' });
    await waitFor(() => expect(large.textContent).toContain('2 of Ana, Ben or Cy, then 1 admin'));
    expect(within(large).getByRole('button', { name: 'Change Large batches' })).toBeTruthy();
    const policy = screen.getByRole('listitem', { name: 'Withdrawals need a second approver' });
    expect(within(policy).queryByRole('button')).toBeNull();
    expect(policy.textContent).toContain('Change it with the policy’s settings below.');
  });

  it('an admin creates "2 of Ana, Ben or Cy, then any admin" for batches from CSV files, sent as the API’s rule', async () => {
    answers[`POST ${RULES}`] = (body) => ({
      status: 201,
      body: { ...LARGE, ...(body as object), id: 'new' },
    });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New approval rule' });
    const inside = within(dialog);
    await user.type(inside.getByLabelText('Name'), 'Imported supplier runs');
    await user.type(inside.getByLabelText('Total at or above (USDT)'), '50000');
    await user.type(inside.getByLabelText('Destination currencies'), 'eur, gbp');
    await user.click(inside.getByRole('checkbox', { name: 'imported from a CSV file' }));

    await user.clear(inside.getByLabelText('Stage name'));
    await user.type(inside.getByLabelText('Stage name'), 'Finance');
    await user.selectOptions(inside.getByLabelText('From'), 'people');
    // Only approvers and admins may be named; a member is not offered.
    expect(inside.queryByRole('checkbox', { name: 'Max' })).toBeNull();
    for (const name of ['Ana', 'Ben', 'Cy']) await user.click(inside.getByRole('checkbox', { name }));
    await user.clear(inside.getByLabelText('Approvals needed'));
    await user.type(inside.getByLabelText('Approvals needed'), '2');

    await user.click(inside.getByRole('button', { name: 'Add a stage' }));
    const stages = inside.getAllByLabelText('Stage name');
    await user.clear(stages[1]!);
    await user.type(stages[1]!, 'CFO');
    await user.selectOptions(inside.getAllByLabelText('From')[1]!, 'admin');
    await user.click(inside.getByRole('button', { name: 'Create rule' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: RULES,
      body: {
        object: 'batch',
        name: 'Imported supplier runs',
        conditions: { amount_usdt_gte: '50000', currencies: ['EUR', 'GBP'], sources: ['csv'] },
        stages: [
          { name: 'Finance', required: 2, user_ids: [ANA, BEN, CY] },
          { name: 'CFO', required: 1, role: 'admin' },
        ],
      },
    });
    expect(await screen.findByText('Rule “Imported supplier runs” created')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a rule for payees whose details changed lately is sent with its days as a number; not a number is refused', async () => {
    answers[`POST ${RULES}`] = (body) => ({
      status: 201,
      body: { ...LARGE, ...(body as object), id: 'new' },
    });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New approval rule' }));
    await user.type(dialog.getByLabelText('Name'), 'Changed bank details');
    const days = dialog.getByLabelText('Payee’s details changed within (days)');
    await user.type(days, 'a week');
    await user.click(dialog.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(writes()).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(dialog.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({
      name: 'Changed bank details',
      conditions: { details_changed_within_days: 7 },
    });
  });

  it('refuses a stage needing more approvals than people named, and sends nothing', async () => {
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New approval rule' }));
    await user.type(dialog.getByLabelText('Name'), 'Two of one');
    await user.selectOptions(dialog.getByLabelText('From'), 'people');
    await user.click(dialog.getByRole('checkbox', { name: 'Ana' }));
    await user.clear(dialog.getByLabelText('Approvals needed'));
    await user.type(dialog.getByLabelText('Approvals needed'), '2');
    await user.click(dialog.getByRole('button', { name: 'Create rule' }));
    expect(await dialog.findByText(/cannot exceed the number of/)).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('says on the stage when the API refuses a named person, and keeps the dialog open', async () => {
    answers[`POST ${RULES}`] = () => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'stage_approver_not_eligible',
        message: 'stages.0.user_ids.0: is not an approver or admin of this organization',
        errors: [
          {
            field: 'stages.0.user_ids.0',
            code: 'stage_approver_not_eligible',
            message: 'stages.0.user_ids.0: is not an approver or admin of this organization',
          },
        ],
      },
    });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New approval rule' }));
    await user.type(dialog.getByLabelText('Name'), 'Ana signs');
    await user.selectOptions(dialog.getByLabelText('From'), 'people');
    await user.click(dialog.getByRole('checkbox', { name: 'Ana' }));
    await user.click(dialog.getByRole('button', { name: 'Create rule' }));
    const people = await dialog.findByRole('group', { name: 'Who may approve' });
    expect(
      await within(people).findByText(/Only approvers and admins of the organization can be named/),
    ).toBeTruthy();
    expect(dialog.queryByText(/stages\.0\.user_ids/)).toBeNull();
  });

  it('editing a rule that names someone no longer an approver shows them ticked, to untick', async () => {
    const named: ApprovalRule = {
      ...LARGE,
      stages: [{ name: 'Finance', required: 1, user_ids: [ANA, MEMBER] }],
    };
    answers[`GET ${RULES}`] = () => ({ status: 200, body: { data: [named] } });
    answers[`PATCH ${RULES}/${LARGE.id}`] = () => ({ status: 202, body: change('update', null) });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'Change Large batches' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change “Large batches”' }));
    const max = await dialog.findByRole('checkbox', { name: 'Max (not an approver)' });
    expect(max.getAttribute('aria-checked')).toBe('true');
    await user.click(max);
    await user.click(dialog.getByRole('button', { name: 'Ask to change' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]!.body as { stages: unknown }).stages).toEqual([
      { name: 'Finance', required: 1, user_ids: [ANA] },
    ]);
  });

  it('a wallet rule offers no conditions: it governs every new or changed wallet', async () => {
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New approval rule' }));
    await user.type(dialog.getByLabelText('Total at or above (USDT)'), '100');
    await user.selectOptions(dialog.getByLabelText('Applies to'), 'wallet');
    expect(dialog.queryByLabelText('Total at or above (USDT)')).toBeNull();
    expect(dialog.getByText(/Every new or changed wallet matches/)).toBeTruthy();
  });

  it('asking to delete says it waits for another admin’s approval, and Cancel leaves the rule as it was', async () => {
    answers[`DELETE ${RULES}/${LARGE.id}`] = () => ({ status: 202, body: change('delete', null) });
    answers[`POST ${RULES}/changes/${change('delete', null).pending_change_id}/cancel`] = () => ({
      status: 200,
      body: { ...change('delete', null), status: 'cancelled' },
    });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete Large batches' }));
    await user.click(await screen.findByRole('button', { name: 'Ask to delete' }));

    const large = screen.getByRole('listitem', { name: 'Large batches' });
    const notice = await within(large).findByText(/Deleting this rule waits for another admin’s approval/);
    expect(notice.textContent).toContain('Until then the rule stays as it is.');
    expect(within(large).getByText('0 of 1 from admins · 1 more needed')).toBeTruthy();
    // The admin who asked cannot approve it: only Cancel is offered, and no second change while this one waits.
    expect(within(large).queryByRole('button', { name: 'Approve the change' })).toBeNull();
    expect(within(large).queryByRole('button', { name: 'Delete Large batches' })).toBeNull();

    await user.click(within(large).getByRole('button', { name: 'Cancel the change' }));
    expect(await within(large).findByText('Change cancelled: the rule stays as it was.')).toBeTruthy();
    expect(writes().map((request) => request.method)).toEqual(['DELETE', 'POST']);
  });

  it('with a single admin an edit applies at a time unless cancelled; the whole rule is sent, emptied fields left out', async () => {
    const applyAfter = '2026-12-02T09:00:00.000Z';
    answers[`PATCH ${RULES}/${LARGE.id}`] = () => ({ status: 202, body: change('update', applyAfter) });
    const user = show('admin');
    await user.click(await screen.findByRole('button', { name: 'Change Large batches' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change “Large batches”' }));
    expect((dialog.getByLabelText('Applies to') as HTMLSelectElement).disabled).toBe(true);
    const threshold = dialog.getByLabelText('Total at or above (USDT)');
    await user.clear(threshold);
    await user.type(threshold, '250000');
    // Emptied while editing, a condition is dropped rather than restored to what it was.
    await user.clear(dialog.getByLabelText('Destination currencies'));
    await user.click(dialog.getByRole('button', { name: 'Ask to change' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      object: 'batch',
      name: 'Large batches',
      conditions: { amount_usdt_gte: '250000' },
      stages: LARGE.stages,
    });
    const large = screen.getByRole('listitem', { name: 'Large batches' });
    const notice = await within(large).findByText(/This change applies on/);
    expect(notice.textContent).toContain('unless an admin cancels it');
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe(applyAfter);
    expect(within(large).getByRole('button', { name: 'Cancel the change' })).toBeTruthy();
  });

  it('after a reload, a change another admin asked for shows under its rule, and this admin may approve it', async () => {
    // As the server answers another admin than the one who asked: they may approve it.
    const waiting: RuleChange = {
      ...change('delete', null, { type: 'user', id: CY, name: 'Cy' }),
      actions: [
        { name: 'approve', allowed: true, reason: null },
        { name: 'cancel', allowed: true, reason: null },
      ],
    };
    answers[`GET ${RULES}/changes`] = () => ({
      status: 200,
      body: { items: [waiting], meta: { ...PAGE, total: 1 } },
    });
    answers[`POST ${RULES}/changes/${waiting.pending_change_id}/approve`] = () => ({
      status: 200,
      body: { ...waiting, status: 'applied', approval: { ...waiting.approval, status: 'approved' } },
    });
    const user = show('admin');
    const large = await screen.findByRole('listitem', { name: 'Large batches' });
    expect(
      await within(large).findByText(/Deleting this rule waits for another admin’s approval/),
    ).toBeTruthy();
    // Nothing else may change the rule while this waits.
    expect(within(large).queryByRole('button', { name: 'Delete Large batches' })).toBeNull();
    await user.click(within(large).getByRole('button', { name: 'Approve the change' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        { method: 'POST', path: `${RULES}/changes/${waiting.pending_change_id}/approve`, body: undefined },
      ]),
    );
    expect(sent.some((request) => request.method === 'GET' && request.path === `${RULES}/changes`)).toBe(
      true,
    );
  });
});
