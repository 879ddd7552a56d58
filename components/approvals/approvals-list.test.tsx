// @vitest-environment happy-dom
// The inbox's list: each item links to the page to review it and says how far its approval has come; approving
// several at once sends one approval per object, each with its own digest, and reports a refusal without stopping
// the others.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Action } from './actions';
import { ApprovalsList, type ApproveOutcome, type InboxItem } from './approvals-list';

/** The item's actions as the server gives them (`null`: allowed; a string: why not). */
const actions = (approve: string | null, reject: string | null): Action[] => [
  { name: 'approve', allowed: approve === null, reason: approve },
  { name: 'reject', allowed: reject === null, reason: reject },
];

function batch(id: string, summary: string, digest: string): InboxItem {
  return {
    object_type: 'batch',
    object_id: id,
    summary,
    approval_digest: digest,
    approval: {
      status: 'pending',
      stages: [
        { name: 'Finance', required: 2, eligible: { role: 'approver' }, approvals: [] },
        { name: 'CFO', required: 1, eligible: { user_ids: ['cfo'] }, approvals: [] },
      ],
      rejection: null,
    },
    actions: actions(null, null),
  };
}

const WITHDRAWAL: InboxItem = {
  object_type: 'withdrawal',
  object_id: 'w-1',
  summary: 'Withdrawal of 12,000.00 USDT to Treasury cold wallet',
  approval_digest: null,
  approval: {
    status: 'pending',
    stages: [{ name: 'Second person', required: 1, eligible: { role: 'approver' }, approvals: [] }],
    rejection: null,
  },
  actions: actions(null, null),
};

describe('the approvals list', () => {
  it('offers Approve and Reject on each item as its actions allow, with the reason beside a disabled one', async () => {
    const user = userEvent.setup();
    const approved: string[] = [];
    const rejected: { id: string; reason: string }[] = [];
    const mine = {
      ...batch('b-1', 'November suppliers', 'd1'),
      actions: actions('You made this batch', 'You made this batch'),
    };
    render(
      <ApprovalsList
        items={[mine, WITHDRAWAL]}
        selectable={false}
        approve={async (item) => {
          approved.push(item.object_id);
          return { ok: true };
        }}
        reject={async (item, reason) => {
          rejected.push({ id: item.object_id, reason });
          return { ok: true };
        }}
      />,
    );
    const [ours, theirs] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    for (const name of ['Approve', 'Reject']) {
      const button = within(ours).getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        `${name}: You made this batch`,
      );
    }

    await user.click(within(theirs).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approved).toEqual(['w-1']));
    await user.click(within(theirs).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Reject Withdrawal of 12,000.00/ }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Give a reason: the makers read it')).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Not this month');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(rejected).toEqual([{ id: 'w-1', reason: 'Not this month' }]));
  });

  it('links each item to the page where it is reviewed and names the open stage', () => {
    render(
      <ApprovalsList items={[batch('b-1', 'November suppliers', 'd1'), WITHDRAWAL]} selectable={false} />,
    );
    expect(screen.getByRole('link', { name: 'November suppliers' }).getAttribute('href')).toBe(
      '/batches/b-1',
    );
    expect(screen.getByRole('link', { name: /Withdrawal of 12,000.00/ }).getAttribute('href')).toBe(
      '/withdrawals',
    );
    expect(screen.getByText('Finance: 0 of 2 from approvers or admins')).toBeTruthy();
    // Only "waiting for me" offers approving from the list.
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
  });

  it('approves the ticked items one by one on their own digests and reports a refusal', async () => {
    const user = userEvent.setup();
    const sent: { id: string; digest: string | null }[] = [];
    const approve = async (item: InboxItem): Promise<ApproveOutcome> => {
      sent.push({ id: item.object_id, digest: item.approval_digest });
      return item.object_id === 'b-2'
        ? { ok: false, message: 'The batch changed since it was reviewed.' }
        : { ok: true };
    };
    render(
      <ApprovalsList
        items={[batch('b-1', 'November suppliers', 'd1'), batch('b-2', 'Freelancers', 'd2'), WITHDRAWAL]}
        selectable
        approve={approve}
      />,
    );
    const button = screen.getByRole('button', { name: 'Approve selected (0)' });
    expect(button.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select November suppliers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Freelancers' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));

    expect(sent).toEqual([
      { id: 'b-1', digest: 'd1' },
      { id: 'b-2', digest: 'd2' },
    ]);
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('1 approved, 1 not approved.');
    expect(report.textContent).toContain('Freelancers: The batch changed since it was reviewed.');
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeTruthy();
  });

  it('selects every item with "Select all"', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <ApprovalsList
        items={[batch('b-1', 'November suppliers', 'd1'), WITHDRAWAL]}
        selectable
        approve={async (item) => {
          sent.push(item.object_id);
          return { ok: true };
        }}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(sent).toEqual(['b-1', 'w-1']);
    expect((await screen.findByRole('status')).textContent).toContain('2 approved.');
  });

  it('keeps the report when the approval empties the list, and shows the empty state under it', async () => {
    const user = userEvent.setup();
    const approve = async (): Promise<ApproveOutcome> => ({ ok: true });
    const items = [batch('b-1', 'November suppliers', 'd1')];
    const { rerender } = render(
      <ApprovalsList items={items} selectable approve={approve} empty={<p>Nothing waits for you</p>} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select November suppliers' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 approved.');
    rerender(<ApprovalsList items={[]} selectable approve={approve} empty={<p>Nothing waits for you</p>} />);
    expect(screen.getByRole('status').textContent).toBe('1 approved.');
    expect(screen.getByText('Nothing waits for you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
  });
});
