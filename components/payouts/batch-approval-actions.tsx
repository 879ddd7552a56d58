'use client';
// Owns approving and rejecting a batch on its own page, as its `actions` allow (the server decides who may: never
// restated here). Approve sends the digest the page shows, behind a confirmation; Reject asks for the reason its makers
// will read. Either answers with the batch, so the page shows the new stage progress at once; a refusal is said in
// words (the new total when the quote moved too far, short funds, a batch that changed since it was opened).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Action, actionOf } from '@/components/approvals/actions';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
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

const rejectionSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.batchRejection),
);

export function BatchApprovalActions({ batch }: { batch: Batch }) {
  const approve = actionOf(batch.actions, 'approve');
  const reject = actionOf(batch.actions, 'reject');
  const approveBatch = useApproveBatch(batch.id);
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
              <RejectBatch batchId={batch.id} />
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

/** Reject with a reason (required): the makers are told it; a maker's re-quote asks for approval afresh. */
function RejectBatch({ batchId }: { batchId: string }) {
  const notify = useToast();
  const reject = useRejectBatch(batchId);
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: useLazyResolver<{ reason: string }>(rejectionSchema),
    defaultValues: { reason: '' },
  });
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await reject.mutateAsync(reason);
    } catch (caught) {
      showServerError(form.setError, caught, ['reason'], 'Something went wrong');
      return;
    }
    setOpen(false);
    form.reset();
    notify({ tone: 'success', title: 'Batch rejected: its makers are told why' });
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
      trigger={
        <Button variant="secondary" changesState>
          Reject
        </Button>
      }
      title="Reject this batch"
      description="Its makers are told your reason. The batch waits until one of them re-quotes it, which asks for approval afresh, or the draft expires."
      cancelLabel="Keep it"
      submitLabel="Reject batch"
      submitVariant="danger"
      changesState
    >
      <FormField control={form.control} name="reason" label="Reason" hint="Shown to the batch’s makers">
        {(field) => <Textarea rows={3} maxLength={500} {...field} />}
      </FormField>
    </DialogForm>
  );
}
