// @vitest-environment happy-dom
// Approving and rejecting a batch on its own page, as an approver meets it: the buttons come from the batch's
// `actions` (enabled when allowed, disabled with the server's reason otherwise); Approve sends the digest the page
// showed and the page then shows the new stage progress; Reject asks for a reason and sends it; a refusal is said in
// words, with the new total when the quote moved too far. Only the network is replaced: the real typed fetch and
// react-query run against a fake of the API's answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalProgress } from '@/components/approvals/approval-progress';
import { PortalContextProvider } from '@/components/layout/portal-context';
import { ToastProvider } from '@/components/ui/toast';
import { type BatchWithOrders, useBatch } from './api';
import { BatchApprovalActions } from './batch-approval-actions';

const BATCH = '0b6f1c1e-0000-4000-8000-0000000000b1';
const ME = '0b6f1c1e-0000-4000-8000-0000000000a1';
const AT = '2026-11-29T09:00:00.000Z';

type Verdicts = { approve: string | null; reject: string | null };
const ALLOWED: Verdicts = { approve: null, reject: null };

function batchWith(verdicts: Verdicts, approvals: { user_id: string; name: string; at: string }[] = []) {
  return {
    batch: {
      id: BATCH,
      status: 'AWAITING_CONFIRMATION',
      approval_digest: 'approval-digest-as-shown',
      approval: {
        status: 'pending',
        stages: [{ name: 'Finance', required: 2, eligible: { role: 'approver' }, approvals }],
        rejection: null,
      },
      actions: (['approve', 'reject'] as const).map((name) => ({
        name,
        allowed: verdicts[name] === null,
        reason: verdicts[name],
      })),
    },
    orders: [],
  } as unknown as BatchWithOrders;
}

let current: BatchWithOrders;
let answer: () => { status: number; body: unknown };
let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: input, body });
    const reply = method === 'GET' ? { status: 200, body: current } : answer();
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The batch page's approval part: the progress and the decision, read from the batch as the page reads it. */
function Page() {
  const batch = useBatch(BATCH);
  if (!batch.data) return null;
  return (
    <>
      <ApprovalProgress approval={batch.data.batch.approval} />
      <BatchApprovalActions batch={batch.data.batch} />
    </>
  );
}

async function show(data: BatchWithOrders) {
  current = data;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PortalContextProvider value={{ userId: ME, role: 'approver', sandbox: true }}>
        <ToastProvider>
          <Page />
        </ToastProvider>
      </PortalContextProvider>
    </QueryClientProvider>,
  );
  await screen.findByText(/0 of 2 from/);
  return userEvent.setup();
}

const posts = () => sent.filter((request) => request.method === 'POST');

describe('deciding on a batch from its page', () => {
  it('approves on the digest the page showed, then shows the new stage progress', async () => {
    const after = batchWith({ approve: 'You have already approved', reject: null }, [
      { user_id: ME, name: 'Dana', at: AT },
    ]);
    // The server's batch is the approved one from then on: a read after the approval says the same.
    answer = () => {
      current = after;
      return { status: 200, body: after };
    };
    const user = await show(batchWith(ALLOWED));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this batch' }));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    await screen.findByText(/1 of 2 from/);
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/api/v2/payouts/${BATCH}/approve`,
        body: { approval_digest: 'approval-digest-as-shown' },
      },
    ]);
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You have already approved',
    );
  });

  it('shows both buttons disabled with the server’s reason when the actions do not allow them', async () => {
    await show(batchWith({ approve: 'You made this batch', reject: 'You made this batch' }));
    for (const name of ['Approve', 'Reject']) {
      const button = screen.getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        'You made this batch',
      );
    }
    expect(posts()).toEqual([]);
  });

  it('rejects only with a reason, and sends it', async () => {
    const rejected = batchWith({ approve: 'Rejected', reject: 'Rejected' });
    answer = () => ({ status: 200, body: rejected });
    const user = await show(batchWith(ALLOWED));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this batch' }));
    await user.click(dialog.getByRole('button', { name: 'Reject batch' }));
    expect(await dialog.findByText('Give a reason: the makers read it')).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.type(dialog.getByLabelText('Reason'), 'Wrong supplier invoice');
    await user.click(dialog.getByRole('button', { name: 'Reject batch' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          path: `/api/v2/payouts/${BATCH}/reject`,
          body: { reason: 'Wrong supplier invoice' },
        },
      ]),
    );
  });

  it('says a refusal in words: the new total when the quote moved beyond the tolerance', async () => {
    answer = () => ({
      status: 409,
      body: {
        code: 'review_outdated',
        message: 'the quote expired and at today’s rates the batch needs 1480.00 USDT (was 1372.45)',
        errors: [
          {
            field: 'source_amount_total',
            code: 'changed',
            message: 'source_amount_total: 1480.00 USDT at the current quote',
          },
        ],
      },
    });
    const user = await show(batchWith(ALLOWED));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this batch' }));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('now needs 1480.00 USDT');
    expect(alert.textContent).toContain('a maker re-quotes it, then approve again');
  });

  it('says a short balance in words, and that nothing was approved', async () => {
    answer = () => ({
      status: 400,
      body: { code: 'insufficient_balance', message: 'funding balance is short: 1372.45 USDT needed' },
    });
    const user = await show(batchWith(ALLOWED));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this batch' }));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The funding balance is short, so nothing was approved',
    );
  });
});
