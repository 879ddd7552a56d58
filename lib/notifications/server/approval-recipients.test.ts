import { describe, expect, it } from 'vitest';
import {
  type Approval,
  approvalDecidedRecipients,
  approvalRequestedRecipients,
  type Member,
  ruleChangeRecipients,
} from './approval-recipients';

const members: Member[] = [
  { userId: 'maya-member', role: 'member' },
  { userId: 'ada-approver', role: 'approver' },
  { userId: 'ben-approver', role: 'approver' },
  { userId: 'cleo-approver', role: 'approver' },
  { userId: 'cfo-admin', role: 'admin' },
];

/** "Two of the three finance approvers, then the CFO": DESIGN's example. */
function financeThenCfo(given: { finance: string[]; cfo: string[] }): Approval {
  return {
    status: 'pending',
    stages: [
      {
        name: 'Finance',
        required: 2,
        eligible: { user_ids: ['ada-approver', 'ben-approver', 'cleo-approver'] },
        approvals: given.finance.map((user_id) => ({ user_id })),
      },
      {
        name: 'CFO',
        required: 1,
        eligible: { role: 'admin' },
        approvals: given.cfo.map((user_id) => ({ user_id })),
      },
    ],
  };
}

describe('who is told that an approval is requested', () => {
  it('tells the named people of the open stage, never a maker, and nobody of a later stage', () => {
    const approval = financeThenCfo({ finance: [], cfo: [] });
    expect(approvalRequestedRecipients(approval, members, [{ user_id: 'cleo-approver' }])).toEqual([
      'ada-approver',
      'ben-approver',
    ]);
  });

  it('leaves out whoever already approved, and moves on to the next stage once the first is full', () => {
    expect(
      approvalRequestedRecipients(financeThenCfo({ finance: ['ada-approver'], cfo: [] }), members, []),
    ).toEqual(['ben-approver', 'cleo-approver']);
    expect(
      approvalRequestedRecipients(
        financeThenCfo({ finance: ['ada-approver', 'ben-approver'], cfo: [] }),
        members,
        [{ user_id: 'maya-member' }],
      ),
    ).toEqual(['cfo-admin']);
  });

  it('counts a role as that role or above, and skips a person who filled a slot of an earlier stage', () => {
    const approval: Approval = {
      status: 'pending',
      stages: [
        {
          name: 'Any approver',
          required: 1,
          eligible: { role: 'approver' },
          approvals: [{ user_id: 'cfo-admin' }],
        },
        { name: 'Second approver', required: 1, eligible: { role: 'approver' }, approvals: [] },
      ],
    };
    expect(approvalRequestedRecipients(approval, members, [{ user_id: 'ada-approver' }])).toEqual([
      'ben-approver',
      'cleo-approver',
    ]);
  });

  it('tells nobody when nothing is pending or every stage is full', () => {
    const full = financeThenCfo({ finance: ['ada-approver', 'ben-approver'], cfo: ['cfo-admin'] });
    expect(approvalRequestedRecipients(full, members, [])).toEqual([]);
    expect(
      approvalRequestedRecipients(
        { ...financeThenCfo({ finance: [], cfo: [] }), status: 'rejected' },
        members,
        [],
      ),
    ).toEqual([]);
  });
});

describe('who is told that an approval was decided', () => {
  it('tells each maker once, and no key that has no person behind it', () => {
    expect(
      approvalDecidedRecipients([{ user_id: 'maya-member' }, { user_id: null }, { user_id: 'maya-member' }]),
    ).toEqual(['maya-member']);
  });
});

describe('who is told about a pending change of the rules', () => {
  it('tells every approver and admin but the author, and no member', () => {
    expect(ruleChangeRecipients(members, 'cfo-admin')).toEqual([
      'ada-approver',
      'ben-approver',
      'cleo-approver',
    ]);
    expect(ruleChangeRecipients(members, null)).toContain('cfo-admin');
  });
});
