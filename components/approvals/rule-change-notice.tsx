'use client';
// Owns what a waiting change of an approval rule says and offers: that it waits for another admin's approval (with
// the stage progress), or, with a single admin, that it applies at a time unless cancelled; Approve and Cancel as the
// change's `actions` allow them (the server decides who may: never restated here).
import { actionOf } from '@/components/approvals/actions';
import { errorText } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { useToast } from '@/components/ui/toast';
import { type RuleChange, useApproveChange, useCancelChange } from './api';
import { ApprovalProgress } from './approval-progress';

export function RuleChangeNotice({
  change,
  names,
  onUpdated,
}: {
  change: RuleChange;
  names?: ReadonlyMap<string, string>;
  onUpdated: (change: RuleChange) => void;
}) {
  const notify = useToast();
  const cancel = useCancelChange();
  const approve = useApproveChange();
  const mayCancel = actionOf(change.actions, 'cancel')?.allowed === true;
  const what = change.kind === 'delete' ? 'Deleting this rule' : 'This change';

  const act = async (action: 'cancel' | 'approve') => {
    try {
      const updated = await (action === 'cancel' ? cancel : approve).mutateAsync(change.pending_change_id);
      onUpdated(updated);
      notify({
        tone: 'success',
        title:
          action === 'cancel'
            ? 'Change cancelled: the rule stays as it was'
            : updated.status === 'applied'
              ? 'Approved: the change applies now'
              : 'Approved: it waits for the next stage',
      });
    } catch (error) {
      notify({
        tone: 'error',
        title: action === 'cancel' ? 'Not cancelled' : 'Not approved',
        description: errorText(error),
      });
    }
  };

  if (change.status === 'applied')
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
        {change.kind === 'delete' ? 'Deleted.' : 'The change was approved and applies now.'}
      </p>
    );
  if (change.status === 'cancelled')
    return (
      <p role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        Change cancelled: the rule stays as it was.
      </p>
    );

  const offerApprove = actionOf(change.actions, 'approve')?.allowed === true;
  return (
    <div role="status" className="space-y-3 rounded-md border border-amber-300 bg-amber-50/50 p-3 text-sm">
      {change.apply_after !== null ? (
        <p className="text-slate-800">
          {what} applies on <DateTime value={change.apply_after} /> unless an admin cancels it. You are the
          only admin, so every approver has been told; until then the rule stays as it is.
        </p>
      ) : (
        <>
          <p className="text-slate-800">
            {what} waits for another admin’s approval. Until then the rule stays as it is.
          </p>
          <ApprovalProgress approval={change.approval} names={names} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {offerApprove ? (
          <Button size="sm" changesState busy={approve.isPending} onClick={() => void act('approve')}>
            Approve the change
          </Button>
        ) : null}
        {mayCancel ? (
          <Button
            size="sm"
            variant="secondary"
            changesState
            busy={cancel.isPending}
            onClick={() => void act('cancel')}
          >
            Cancel the change
          </Button>
        ) : null}
      </div>
    </div>
  );
}
