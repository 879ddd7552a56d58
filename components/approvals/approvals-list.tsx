'use client';
// Owns one view of the approvals inbox: each batch, withdrawal, wallet or rule change with what it is, how far its
// approval has come, a link to the page to review it, and Approve and Reject as its `actions` allow (the reason as a
// hint when not); in "waiting for me", ticking several and approving them in one go — one approval per object, each
// on its own digest, each outcome reported.
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { type Action, actionOf } from './actions';
import { eligibleLabel } from './approval-progress';
import { RejectDialog } from './reject-dialog';
import type { Approval } from './types';

export type ApprovalObjectType = 'batch' | 'withdrawal' | 'wallet' | 'approval_rules';

export interface InboxItem {
  object_type: ApprovalObjectType;
  object_id: string;
  summary: string;
  approval: Approval;
  approval_digest: string | null;
  /** What the signed-in person may do with it (approve, reject), and why not, as the server says. */
  actions: readonly Action[] | null;
}

const OBJECT_LABELS: Record<ApprovalObjectType, string> = {
  batch: 'Payout batch',
  withdrawal: 'Withdrawal',
  wallet: 'Wallet',
  approval_rules: 'Rule change',
};

/** Where a person reviews the object before approving it: approvals are given on what was reviewed. */
export function reviewHref(item: Pick<InboxItem, 'object_type' | 'object_id'>): string {
  switch (item.object_type) {
    case 'batch':
      return `/batches/${item.object_id}`;
    case 'withdrawal':
      return '/withdrawals';
    case 'wallet':
      return '/liquidity';
    case 'approval_rules':
      return '/settings/approvals';
  }
}

/** The open stage in words ("Finance: 1 of 2 from 3 named people"), or the decision. */
function progressWords(approval: Approval): string {
  if (approval.status === 'approved') return 'Approved';
  if (approval.status === 'rejected') return `Rejected: ${approval.rejection?.reason ?? ''}`.trim();
  const open = approval.stages.find((stage) => stage.approvals.length < stage.required);
  if (!open) return 'Waiting for approval';
  return `${open.name}: ${open.approvals.length} of ${open.required} from ${eligibleLabel(open)}`;
}

export type ApproveOutcome = { ok: true } | { ok: false; message: string };

export function ApprovalsList({
  items,
  selectable,
  approve,
  reject,
  empty,
}: {
  items: readonly InboxItem[];
  /** "Waiting for me": the items can be ticked and approved together. */
  selectable: boolean;
  /** Approves one object on its own digest; resolves with what happened (a refusal is an outcome, not a throw). */
  approve?: (item: InboxItem) => Promise<ApproveOutcome>;
  /** Rejects one object with a reason; resolves with what happened. */
  reject?: (item: InboxItem, reason: string) => Promise<ApproveOutcome>;
  /** Shown instead of the list when it is empty (the report of an approval that emptied it stays above). */
  empty?: ReactNode;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{
    approved: number;
    refused: { summary: string; message: string }[];
  }>();
  const chosen = items.filter((item) => selected.has(item.object_id));

  async function approveChosen(these: readonly InboxItem[] = chosen) {
    if (!approve) return;
    setBusy(true);
    const refused: { summary: string; message: string }[] = [];
    let approved = 0;
    // One after another: each approval is its own decision on its own digest, and a refusal stops none of the others.
    for (const item of these) {
      const outcome = await approve(item);
      if (outcome.ok) approved += 1;
      else refused.push({ summary: item.summary, message: outcome.message });
    }
    setSelected(new Set());
    setReport({ approved, refused });
    setBusy(false);
  }

  return (
    <div className="space-y-3">
      {selectable && approve && items.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox
            checked={chosen.length === 0 ? false : chosen.length === items.length ? true : 'indeterminate'}
            onCheckedChange={(all) => setSelected(new Set(all ? items.map((item) => item.object_id) : []))}
            label="Select all"
          />
          <Button changesState onClick={() => void approveChosen()} disabled={chosen.length === 0 || busy}>
            {busy ? 'Approving…' : `Approve selected (${chosen.length})`}
          </Button>
        </div>
      ) : null}
      {report ? (
        <div role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          <p>
            {report.approved} approved
            {report.refused.length > 0 ? `, ${report.refused.length} not approved` : ''}.
          </p>
          {report.refused.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {report.refused.map((refusal) => (
                <li key={refusal.summary}>
                  {refusal.summary}: {refusal.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {items.length === 0 ? empty : null}
      <ul
        hidden={items.length === 0}
        className="divide-y divide-slate-200 rounded-md border border-slate-200"
      >
        {items.map((item) => (
          <li key={`${item.object_type}-${item.object_id}`} className="flex items-start gap-3 p-3">
            {selectable && approve ? (
              <Checkbox
                checked={selected.has(item.object_id)}
                onCheckedChange={(on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(item.object_id);
                    else next.delete(item.object_id);
                    return next;
                  })
                }
                label={<span className="sr-only">Select {item.summary}</span>}
              />
            ) : null}
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{OBJECT_LABELS[item.object_type]}</Badge>
                <Link href={reviewHref(item)} className="break-words font-medium text-accent-700 underline">
                  {item.summary}
                </Link>
              </div>
              <p className="text-sm text-slate-600">{progressWords(item.approval)}</p>
              <ItemActions
                item={item}
                busy={busy}
                approve={approve ? () => void approveChosen([item]) : undefined}
                reject={reject ? (reason) => reject(item, reason) : undefined}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Approve and Reject for one item, as its actions allow; when not, the button is disabled with the reason beside it. */
function ItemActions({
  item,
  busy,
  approve,
  reject,
}: {
  item: InboxItem;
  busy: boolean;
  approve?: () => void;
  reject?: (reason: string) => Promise<ApproveOutcome>;
}) {
  const approval = actionOf(item.actions, 'approve');
  const rejection = actionOf(item.actions, 'reject');
  if (item.approval.status !== 'pending' || (!approval && !rejection)) return null;
  const hintId = (name: string) => `${name}-why-not-${item.object_type}-${item.object_id}`;
  const reasons = [approval, rejection].filter(
    (action): action is Action => action !== undefined && !action.allowed && action.reason !== null,
  );
  return (
    <div className="space-y-1 pt-1">
      <div className="flex flex-wrap gap-2">
        {approval && approve ? (
          <Button
            size="sm"
            changesState
            disabled={!approval.allowed || busy}
            aria-describedby={approval.allowed ? undefined : hintId('approve')}
            onClick={approve}
          >
            Approve
          </Button>
        ) : null}
        {rejection && reject ? (
          rejection.allowed ? (
            <RejectDialog
              title={`Reject ${item.summary}`}
              reject={async (reason) => {
                const outcome = await reject(reason);
                return outcome.ok ? null : outcome.message;
              }}
            />
          ) : (
            <Button size="sm" variant="secondary" changesState disabled aria-describedby={hintId('reject')}>
              Reject
            </Button>
          )
        ) : null}
      </div>
      {reasons.map((action) => (
        <p key={action.name} id={hintId(action.name)} className="text-xs text-slate-600">
          {action.name === 'approve' ? 'Approve' : 'Reject'}: {action.reason}
        </p>
      ))}
    </div>
  );
}
