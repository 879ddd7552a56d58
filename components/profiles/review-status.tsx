'use client';
// Owns how a profile's review state reads on its page: what happens next, and a rejection's reason up front with
// the way to correct and resubmit.
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';

export function ReviewStatus({
  status,
  rejectionReason,
  editHref,
  onSubmit,
  submitting,
  submitError,
}: {
  status: ProfileStatus;
  rejectionReason: string | null;
  editHref: string;
  onSubmit: () => void;
  submitting: boolean;
  submitError: string | null;
}) {
  if (status === 'rejected') {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="text-sm font-semibold text-red-900">Rejected in review</p>
        <p className="mt-1 text-base text-red-900" data-testid="rejection-reason">
          {rejectionReason}
        </p>
        <p className="mt-2 text-sm text-red-800">Correct the details, then submit again.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm" changesState>
            <Link href={editHref}>Correct details</Link>
          </Button>
          <Button size="sm" onClick={onSubmit} busy={submitting} changesState>
            Resubmit for review
          </Button>
        </div>
        {submitError ? <p className="mt-2 text-sm text-red-800">{submitError}</p> : null}
      </div>
    );
  }
  if (status === 'in_review') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
      >
        <Spinner />
        <p className="text-sm text-amber-900">
          In review. This page updates by itself when the review decides; editing is locked until then.
        </p>
      </div>
    );
  }
  if (status === 'draft') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm text-slate-700">Draft: submit it for review to use it in payouts.</p>
        <Button onClick={onSubmit} busy={submitting} changesState>
          Submit for review
        </Button>
        {submitError ? <p className="w-full text-sm text-red-700">{submitError}</p> : null}
      </div>
    );
  }
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
    >
      Ready: it can be used in payouts. Changing its identity or bank details sends it back to review.
    </div>
  );
}

/** A masked sensitive value: only the last four characters ever reach the page. */
export function Masked({ last4 }: { last4: string | null }) {
  if (!last4) return <span className="text-slate-400">—</span>;
  return (
    <span className="font-mono">
      <span aria-hidden="true">•••• </span>
      <span className="sr-only">ending in </span>
      {last4}
    </span>
  );
}

export function DetailList({ items }: { items: readonly [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">
            {value ?? <span className="text-slate-400">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
