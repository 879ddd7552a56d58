// @vitest-environment happy-dom
// The stage progress a batch page shows: which stage is being filled, who approved, how many more are needed and from
// whom, and a rejection's reason.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalProgress } from './approval-progress';
import type { Approval } from './types';

const FINANCE = ['u-1', 'u-2', 'u-3'];

function twoStages(overrides: Partial<Approval> = {}): Approval {
  return {
    status: 'pending',
    stages: [
      {
        name: 'Finance',
        required: 2,
        eligible: { user_ids: FINANCE },
        approvals: [{ user_id: 'u-1', name: 'Ana Finance', at: '2026-11-29T09:00:00.000Z' }],
      },
      { name: 'CFO', required: 1, eligible: { role: 'admin' }, approvals: [] },
    ],
    rejection: null,
    ...overrides,
  };
}

describe('the approval progress', () => {
  it('marks the first stage short of approvals as the current step and says how many more it needs', () => {
    render(<ApprovalProgress approval={twoStages()} />);
    expect(screen.getByText('Waiting for approval')).toBeTruthy();
    const stages = screen
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') !== null);
    expect(stages).toHaveLength(1);
    const current = stages[0]!;
    expect(within(current).getByText('Finance')).toBeTruthy();
    expect(within(current).getByText('1 of 2 from 3 named people · 1 more needed')).toBeTruthy();
    expect(within(current).getByText('Ana Finance')).toBeTruthy();
    expect(screen.getByText('0 of 1 from admins · 1 more needed')).toBeTruthy();
  });

  it('moves to the next stage once the first is filled', () => {
    const approval = twoStages();
    approval.stages[0]!.approvals.push({
      user_id: 'u-2',
      name: 'Ben Finance',
      at: '2026-11-29T09:40:00.000Z',
    });
    render(<ApprovalProgress approval={approval} />);
    const current = document.querySelector('[aria-current="step"]') as HTMLElement;
    expect(within(current).getByText('CFO')).toBeTruthy();
    expect(screen.getByText('2 of 2 from 3 named people')).toBeTruthy();
  });

  it('shows a rejection with who rejected it and the reason, and no stage as current', () => {
    render(
      <ApprovalProgress
        approval={twoStages({
          status: 'rejected',
          rejection: {
            by: { type: 'user', id: 'u-2', name: 'Ben Finance' },
            at: '2026-11-29T10:00:00.000Z',
            reason: 'Wrong invoice month',
          },
        })}
      />,
    );
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Ben Finance');
    expect(screen.getByRole('note').textContent).toContain('“Wrong invoice month”');
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
    expect(screen.queryByText(/more needed/)).toBeNull();
  });

  it('without a stored name, names the rejecter from the stage they approved, never by an id', () => {
    const { rerender } = render(
      <ApprovalProgress
        approval={twoStages({
          status: 'rejected',
          rejection: {
            by: { type: 'user', id: 'u-1', name: '' },
            at: '2026-11-29T10:00:00.000Z',
            reason: 'Duplicate',
          },
        })}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('Rejected by Ana Finance');
    rerender(
      <ApprovalProgress
        approval={twoStages({
          status: 'rejected',
          rejection: {
            by: { type: 'user', id: 'u-9', name: '' },
            at: '2026-11-29T10:00:00.000Z',
            reason: 'Duplicate',
          },
        })}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('Rejected by an approver');
    expect(screen.getByRole('note').textContent).not.toContain('u-9');
  });

  it('names approvers-or-admins for an approver role', () => {
    render(
      <ApprovalProgress
        approval={{
          status: 'pending',
          stages: [{ name: 'Second person', required: 1, eligible: { role: 'approver' }, approvals: [] }],
          rejection: null,
        }}
      />,
    );
    expect(screen.getByText('0 of 1 from approvers or admins · 1 more needed')).toBeTruthy();
  });
});
