'use client';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
// Owns the withdrawals that wait for a second approver (the approval policy): who asked, and what each person may do —
// another approver approves or rejects; the requester may only cancel; members read.
import { formatMoney, shortenMiddle } from '@/lib/platform/format';
import {
  useApproveWithdrawal,
  usePendingWithdrawals,
  useRejectWithdrawal,
  useWithdrawalDestination,
} from './queries';

const errorText = (error: unknown) =>
  error instanceof PayoutApiError ? error.message : 'Something went wrong';

export function PendingWithdrawals() {
  const { pending, isError } = usePendingWithdrawals();
  if (isError || pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-withdrawals-heading" className="space-y-3">
      <div>
        <h2 id="pending-withdrawals-heading" className="text-base font-semibold text-slate-900">
          Waiting for a second approver
        </h2>
        <p className="text-sm text-slate-600">
          Your approval policy needs two people for each withdrawal. The amount is held; nothing is sent until
          an approver other than the requester approves it.
        </p>
      </div>
      <ul className="space-y-3">
        {pending.map((withdrawal) => (
          <PendingWithdrawal key={withdrawal.id} withdrawal={withdrawal} />
        ))}
      </ul>
    </section>
  );
}

function requesterName(withdrawal: WithdrawalWire): string {
  const by = withdrawal.requested_by;
  return by.type === 'api_key' ? `the API key “${by.name}”` : by.name;
}

function PendingWithdrawal({ withdrawal }: { withdrawal: WithdrawalWire }) {
  const notify = useToast();
  const approve = useApproveWithdrawal();
  // What this person may do is the server's to say (the withdrawal's `actions`): only its requester may cancel it,
  // another approver approves or rejects it, and a read-only view may do nothing.
  const allowed = (name: string) =>
    withdrawal.actions?.some((action) => action.name === name && action.allowed) ?? false;
  const mine = allowed('cancel');
  const mayApprove = allowed('approve');
  const mayReject = allowed('reject');
  const amount = formatMoney(withdrawal.amount, 'USDT');
  const destination = useWithdrawalDestination()(withdrawal);
  return (
    <li
      className="rounded-lg border border-amber-200 bg-amber-50 p-4"
      data-testid="pending-withdrawal"
      aria-label={`Withdrawal of ${amount} waiting for a second approver`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1 text-sm">
          <p className="font-semibold text-slate-900">
            {amount} to {destination.label} on {destination.network}
          </p>
          <p className="font-mono text-xs text-slate-600" title={withdrawal.wallet_address}>
            {shortenMiddle(withdrawal.wallet_address, 8)}
          </p>
          <p className="text-slate-700">
            Waiting for a second approver · requested by {requesterName(withdrawal)} on{' '}
            <DateTime value={withdrawal.created_at} />
          </p>
          {mine ? (
            <p className="text-slate-700">
              You requested this withdrawal, so another approver must approve it. You can cancel it.
            </p>
          ) : null}
        </div>
        {mine || mayApprove || mayReject ? (
          <div className="flex flex-wrap gap-2">
            {!mayApprove ? null : (
              // Approving sends the money: the second person confirms what goes where, like the first did.
              <ConfirmDialog
                trigger={
                  <Button size="sm" changesState>
                    Approve
                  </Button>
                }
                title="Approve this withdrawal?"
                description={
                  <>
                    <span className="block font-semibold text-slate-900">
                      {amount} to {destination.label} on {destination.network}
                    </span>
                    <span className="mt-1 block font-mono text-xs break-all">
                      {withdrawal.wallet_address}
                    </span>
                    <span className="mt-2 block">
                      Requested by {requesterName(withdrawal)}. Once approved it goes to custody and is sent
                      on chain; it cannot be called back.
                    </span>
                  </>
                }
                confirmLabel={`Approve ${amount}`}
                destructive={false}
                busy={approve.isPending}
                onConfirm={() =>
                  // The promise, not mutate's callbacks: approving removes this card (the list refetches), and
                  // react-query drops a per-call callback whose component is gone — the toast would be lost.
                  approve.mutateAsync(withdrawal.id).then(
                    () => notify({ tone: 'success', title: `Withdrawal of ${amount} approved` }),
                    (error: Error) =>
                      notify({ tone: 'error', title: 'Not approved', description: errorText(error) }),
                  )
                }
              />
            )}
            {mine || mayReject ? (
              <RejectWithdrawal withdrawal={withdrawal} cancel={mine} amount={amount} />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

const reasonSchema = lazySchema(() => import('@/lib/liquidity/contract/form-schemas').then((m) => m.reason));

/** Reject (another approver) or cancel (the requester): asks for the reason the withdrawal's failure_reason shows. */
function RejectWithdrawal({
  withdrawal,
  cancel,
  amount,
}: {
  withdrawal: WithdrawalWire;
  cancel: boolean;
  amount: string;
}) {
  const reject = useRejectWithdrawal();
  const dialog = useDialogForm<{ reason: string }>({
    schema: reasonSchema,
    defaultValues: { reason: cancel ? 'Cancelled by the requester' : '' },
    submit: ({ reason }) => reject.mutateAsync({ withdrawalId: withdrawal.id, reason }),
    fields: ['reason'],
    fallback: 'Something went wrong',
    success: `Withdrawal of ${amount} ${cancel ? 'cancelled' : 'rejected'}`,
  });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" variant="secondary" changesState>
          {cancel ? 'Cancel withdrawal' : 'Reject'}
        </Button>
      }
      title={cancel ? 'Cancel this withdrawal' : 'Reject this withdrawal'}
      description={`The withdrawal of ${amount} fails with your reason, and the amount is available again at once.`}
      cancelLabel="Keep it"
      submitLabel={`${cancel ? 'Cancel' : 'Reject'} withdrawal`}
      submitVariant="danger"
      changesState
    >
      <FormField
        control={dialog.form.control}
        name="reason"
        label="Reason"
        hint="Shown as the withdrawal’s failure reason"
      >
        {(field) => <Textarea rows={3} maxLength={500} {...field} />}
      </FormField>
    </DialogForm>
  );
}
