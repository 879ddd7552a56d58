'use client';
// Owns approving and rejecting a batch on its own page, as its `actions` allow (the server decides who may: never
// restated here). Approve sends the digest the page shows, behind a confirmation; Reject asks for the reason its makers
// will read. Either answers with the batch, so the page shows the new stage progress at once; a refusal is said in
// words (the new total when the quote moved too far, short funds, a batch that changed since it was opened).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Action, actionOf } from '@/components/approvals/actions';
import { RejectDialog } from '@/components/approvals/reject-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { type Batch, invalidatePayouts, useApproveBatch, useRejectBatch } from './api';

/** A refusal of approve in words a person acts on. */
export function approveRefusalText(error: unknown): string {
  if (!(error instanceof PayoutApiError)) return 'Something went wrong. Try again.';
  if (error.code === 'review_outdated') {
    const total = error.fieldErrors.find((field) => field.field === 'source_amount_total');
    const amount = total?.message.match(/([\d,]+\.\d+) USDT/)?.[1];
    if (amount)
      return `The quote expired and the batch now needs ${amount} USDT, more than the organization’s tolerance: a maker re-quotes it, then approve again. The approvals given stand.`;
    return 'The batch changed since you opened it: its approvals were cleared. Review it as it is now, then approve again.';
  }
  if (error.code === 'insufficient_balance' || /balance is short/i.test(error.message))
    return `The funding balance is short, so nothing was approved: ${error.message}`;
  return error.message;
}

function Hint({ id, action }: { id: string; action: Action }) {
  return action.allowed || !action.reason ? null : (
    <p id={id} className="text-xs text-slate-600">
      {action.reason}
    </p>
  );
}

export function BatchApprovalActions({ batch }: { batch: Batch }) {
  const approve = actionOf(batch.actions, 'approve');
  const reject = actionOf(batch.actions, 'reject');
  const approveBatch = useApproveBatch(batch.id);
  const rejectBatch = useRejectBatch(batch.id);
  const notify = useToast();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string>();
  if (batch.approval.status !== 'pending' || (!approve && !reject)) return null;

  const sendApproval = async () => {
    setRefusal(undefined);
    try {
      await approveBatch.mutateAsync(batch.approval_digest ?? '');
    } catch (error) {
      setRefusal(approveRefusalText(error));
      // A changed batch or a moved total: the page reads it again, so what it shows is what is now to approve.
      void invalidatePayouts(client);
      throw error;
    }
  };

  const sendRejection = async (reason: string) => {
    try {
      await rejectBatch.mutateAsync(reason);
    } catch (error) {
      return error instanceof PayoutApiError ? error.message : 'Something went wrong. Try again.';
    }
    notify({ tone: 'success', title: 'Batch rejected: its makers are told why' });
    return null;
  };

  return (
    <section aria-label="Your decision" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-3">
        {approve ? (
          <div className="space-y-1">
            {approve.allowed ? (
              <ConfirmAction
                trigger={<Button changesState>Approve</Button>}
                title="Approve this batch"
                description="You approve the orders, amounts and payees as this page shows them. If yours is the last approval, the batch is confirmed at the current quote and its total is held."
                confirmLabel="Approve"
                action={sendApproval}
                success="Approved"
                failure="Not approved"
                describeError={approveRefusalText}
                closeOnError
              />
            ) : (
              <Button changesState disabled aria-describedby="approve-why-not">
                Approve
              </Button>
            )}
            <Hint id="approve-why-not" action={approve} />
          </div>
        ) : null}
        {reject ? (
          <div className="space-y-1">
            {reject.allowed ? (
              <RejectDialog
                title="Reject this batch"
                description="Its makers are told your reason. The batch waits until one of them re-quotes it, which asks for approval afresh, or the draft expires."
                submitLabel="Reject batch"
                size="md"
                reject={sendRejection}
              />
            ) : (
              <Button variant="secondary" changesState disabled aria-describedby="reject-why-not">
                Reject
              </Button>
            )}
            <Hint id="reject-why-not" action={reject} />
          </div>
        ) : null}
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
