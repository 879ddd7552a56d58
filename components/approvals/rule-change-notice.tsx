'use client';
// Owns what a waiting change of an approval rule says and offers: that it waits for another admin's approval (with
// the stage progress), or, with a single admin, that it applies at a time unless cancelled; Cancel for admins, and
// Approve for someone the open stage is waiting for who did not ask for it.
import { useCan, usePortal } from '@/components/layout/portal-context';
import { errorText } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { useToast } from '@/components/ui/toast';
import { STAGE_ROLE_HOLDERS } from '@/lib/approvals/contract/enums';
import { cancelRuleChangeOperation } from '@/lib/approvals/contract/routes';
import type { OrgRole } from '@/lib/platform/actor/roles';
import { type RuleChange, useApproveChange, useCancelChange } from './api';
import { ApprovalProgress } from './approval-progress';
import type { Approval } from './types';

/** Whether the open stage may be filled by this person (the server decides; this only chooses what to offer). */
export function mayFillOpenStage(
  approval: Approval,
  userId: string | null | undefined,
  role: OrgRole,
): boolean {
  if (approval.status !== 'pending' || !userId) return false;
  if (approval.stages.some((stage) => stage.approvals.some((given) => given.user_id === userId)))
    return false;
  const open = approval.stages.find((stage) => stage.approvals.length < stage.required);
  if (!open) return false;
  if ('user_ids' in open.eligible) return open.eligible.user_ids.includes(userId);
  return STAGE_ROLE_HOLDERS[open.eligible.role].includes(role);
}

export function RuleChangeNotice({
  change,
  mine,
  names,
  onUpdated,
}: {
  change: RuleChange;
  /** Asked for by the signed-in admin: they may cancel it but never approve it. */
  mine: boolean;
  names?: ReadonlyMap<string, string>;
  onUpdated: (change: RuleChange) => void;
}) {
  const { userId, role } = usePortal();
  const notify = useToast();
  const cancel = useCancelChange();
  const approve = useApproveChange();
  const mayCancel = useCan(cancelRuleChangeOperation);
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

  const offerApprove =
    !mine && change.apply_after === null && mayFillOpenStage(change.approval, userId, role);
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
