// Owns how far an approval has come, as a person reads it on a batch, a withdrawal or a wallet: each stage in order,
// who approved it and when, how many approvals it still needs and from whom, and a rejection with its reason and who
// gave it.
import { useId } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { DateTime } from '@/components/ui/date-time';
import type { StageRole } from '@/lib/approvals/contract/enums';
import type { Approval, ApprovalStage } from './types';

const STATUS: Record<Approval['status'], { label: string; tone: BadgeTone }> = {
  not_required: { label: 'No approval needed', tone: 'neutral' },
  pending: { label: 'Waiting for approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

// Roles include the ones above them (an admin may do what an approver may): STAGE_ROLE_HOLDERS.
const ELIGIBLE_ROLE_WORDS: Record<StageRole, string> = { approver: 'approvers or admins', admin: 'admins' };

/** "any admin", "approvers or admins", "3 named people": who may fill a stage's slots. */
export function eligibleLabel(stage: ApprovalStage): string {
  if ('user_ids' in stage.eligible) {
    const count = stage.eligible.user_ids.length;
    return count === 1 ? 'one named person' : `${count} named people`;
  }
  return ELIGIBLE_ROLE_WORDS[stage.eligible.role];
}

type StageState = 'done' | 'current' | 'upcoming' | 'stopped';

/** Stages are filled in order: the first one short of approvals is the current one; a rejection stops them all. */
function stageStates(approval: Approval): StageState[] {
  let currentFound = false;
  return approval.stages.map((stage) => {
    if (stage.approvals.length >= stage.required) return 'done';
    if (approval.status === 'rejected') return 'stopped';
    if (currentFound) return 'upcoming';
    currentFound = true;
    return 'current';
  });
}

/**
 * Who rejected, by name: the wire says it (`rejection.by.name`). A rejection whose name was never stored falls back to
 * the page's own list of people, then the name they approved an earlier stage under, then "an approver" rather than an
 * id nobody can read.
 */
export function rejecterName(approval: Approval, names?: ReadonlyMap<string, string>): string {
  const by = approval.rejection?.by;
  if (!by) return '';
  if (by.name) return by.name;
  const known = names?.get(by.id);
  if (known) return known;
  for (const stage of approval.stages) {
    const given = stage.approvals.find((approvalGiven) => approvalGiven.user_id === by.id);
    if (given) return given.name;
  }
  return 'an approver';
}

export function ApprovalProgress({
  approval,
  names,
  className,
}: {
  approval: Approval;
  /** Names by user id, when the page has them (the team list): says who rejected. */
  names?: ReadonlyMap<string, string>;
  className?: string;
}) {
  const titleId = useId();
  const status = STATUS[approval.status];
  const states = stageStates(approval);
  return (
    <section aria-labelledby={titleId} className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          Approval
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {approval.rejection ? (
        <p role="note" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          Rejected by {rejecterName(approval, names)} on <DateTime value={approval.rejection.at} />:{' '}
          <span className="break-words">“{approval.rejection.reason}”</span>
        </p>
      ) : null}
      {approval.stages.length > 0 ? (
        <ol className="space-y-2">
          {approval.stages.map((stage, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stages are copied onto the object in order and never move; names may repeat
            <StageItem key={`${index}-${stage.name}`} stage={stage} state={states[index] ?? 'upcoming'} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

const STATE_WORDS: Record<StageState, { label: string; tone: BadgeTone }> = {
  done: { label: 'Done', tone: 'success' },
  current: { label: 'Now', tone: 'warning' },
  upcoming: { label: 'Next', tone: 'neutral' },
  stopped: { label: 'Stopped', tone: 'neutral' },
};

function StageItem({ stage, state }: { stage: ApprovalStage; state: StageState }) {
  const missing = Math.max(0, stage.required - stage.approvals.length);
  const words = STATE_WORDS[state];
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className={cn(
        'rounded-md border p-3 text-sm',
        state === 'current' ? 'border-amber-300 bg-amber-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{stage.name}</span>
        <Badge tone={words.tone}>{words.label}</Badge>
      </div>
      <p className="mt-1 text-slate-600">
        {stage.approvals.length} of {stage.required} from {eligibleLabel(stage)}
        {missing > 0 && state !== 'stopped' ? ` · ${missing} more needed` : ''}
      </p>
      {stage.approvals.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {stage.approvals.map((given) => (
            <li key={given.user_id} className="flex flex-wrap gap-x-2 text-slate-700">
              <span>{given.name}</span>
              <DateTime value={given.at} className="text-slate-500" />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
