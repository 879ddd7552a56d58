// @vitest-environment happy-dom
// A waiting change of an approval rule, as the people it waits for meet it: another admin is offered Approve (and
// learns it applied), someone the open stage does not wait for is not, and an approver who cannot cancel sees no
// Cancel. Only the network is replaced.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import type { OrgRole } from '@/lib/platform/actor/roles';
import type { RuleChange } from './api';
import { RuleChangeNotice } from './rule-change-notice';

const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const CHANGE_ID = '0b6f1c1e-0000-4000-8000-00000000e001';
const AT = '2026-11-29T09:00:00.000Z';

type Verdicts = { approve: string | null; cancel: string | null };

/** A waiting change with its `actions` as the server gives them (`null`: allowed; a string: why not). */
function waiting(verdicts: Verdicts): RuleChange {
  return {
    pending_change_id: CHANGE_ID,
    kind: 'update',
    rule_id: '0b6f1c1e-0000-4000-8000-00000000f001',
    policy_change: null,
    status: 'pending',
    requested_by: { type: 'user', id: ME, name: 'Me' },
    apply_after: null,
    approval: {
      status: 'pending',
      stages: [{ name: 'Another admin', required: 1, eligible: { role: 'admin' }, approvals: [] }],
      rejection: null,
    },
    actions: (['approve', 'cancel'] as const).map((name) => ({
      name,
      allowed: verdicts[name] === null,
      reason: verdicts[name],
    })),
    created_at: AT,
  };
}

let posted: string[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    posted.push(`${init.method} ${input}`);
    const applied: RuleChange = { ...waiting(BOTH), status: 'applied' };
    return new Response(JSON.stringify(applied), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const BOTH: Verdicts = { approve: null, cancel: null };

function show(change: RuleChange, role: OrgRole) {
  const updates: RuleChange[] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalContextProvider value={{ userId: ME, role, sandbox: true }}>
        <ToastProvider>
          <RuleChangeNotice change={change} onUpdated={(next) => updates.push(next)} />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), updates };
}

describe('a waiting rule change', () => {
  it('offers Approve when its actions allow it, and says when it applied', async () => {
    const { user, updates } = show(waiting(BOTH), 'admin');
    expect(screen.getByText(/This change waits for another admin’s approval/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve the change' }));
    expect(await screen.findByText('Approved: the change applies now')).toBeTruthy();
    expect(posted).toEqual([`POST /api/v2/organizations/me/approval-rules/changes/${CHANGE_ID}/approve`]);
    expect(updates.map((update) => update.status)).toEqual(['applied']);
  });

  it('never offers Approve to the admin who asked (the server says so), only Cancel', () => {
    show(waiting({ approve: 'You asked for this change', cancel: null }), 'admin');
    expect(screen.queryByRole('button', { name: 'Approve the change' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel the change' })).toBeTruthy();
  });

  it('offers neither to someone whose actions allow neither, whatever their role', () => {
    show(waiting({ approve: 'Waiting for stage Another admin', cancel: 'Only admins may do this' }), 'admin');
    expect(screen.queryByRole('button', { name: 'Approve the change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the change' })).toBeNull();
  });
});
