'use client';
// Owns how a profile's review state reads on its page: what happens next, a rejection's reason or a reviewer's
// question up front with the way to answer and resubmit, a staff correction said plainly, and the fields a question
// is about highlighted in the details.
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Spinner } from '@/components/ui/spinner';
import type { ProfileStatus, RequestedInformation, StaffCorrection } from '@/lib/profiles/contract/enums';
import { profileFieldLabel } from './field-labels';

export function ReviewStatus({
  status,
  rejectionReason,
  requestedInformation,
  editHref,
  onSubmit,
  submitting,
  submitError,
}: {
  status: ProfileStatus;
  rejectionReason: string | null;
  requestedInformation?: RequestedInformation | null;
  editHref: string;
  onSubmit: () => void;
  submitting: boolean;
  submitError: string | null;
}) {
  if (status === 'action_required') {
    const fields = requestedInformation?.fields ?? [];
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="text-sm font-semibold text-amber-900">The reviewer needs more information</p>
        <p className="mt-1 text-base font-medium text-amber-950" data-testid="requested-question">
          {requestedInformation?.question}
        </p>
        {fields.length > 0 ? (
          <p className="mt-2 text-sm text-amber-900">
            About: {fields.map(profileFieldLabel).join(', ')} (highlighted below).
          </p>
        ) : null}
        {requestedInformation ? (
          <p className="mt-1 text-xs text-amber-800">
            Asked <DateTime value={requestedInformation.asked_at} />
          </p>
        ) : null}
        <p className="mt-2 text-sm text-amber-900">
          Edit the details or upload what is asked for, then submit the profile again: it cannot be used in
          payouts until the review decides.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm" changesState>
            <Link href={editHref}>Edit details</Link>
          </Button>
          <Button size="sm" onClick={onSubmit} busy={submitting} changesState>
            Submit again
          </Button>
        </div>
        {submitError ? <p className="mt-2 text-sm text-red-800">{submitError}</p> : null}
      </div>
    );
  }
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

/** A staff correction said to the client: provider staff (never a name), when, and which fields. */
export function StaffCorrectionNote({ correction }: { correction: StaffCorrection | null }) {
  if (!correction) return null;
  return (
    <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      Provider staff corrected {correction.changed_fields.map(profileFieldLabel).join(', ')} on{' '}
      <DateTime value={correction.corrected_at} />.
    </p>
  );
}

/** The API fields each detail row shows, so a reviewer's question can point at the row. */
const ROW_FIELDS: Record<string, readonly string[]> = {
  'Legal name': ['legal_name'],
  'Registration number': ['registration_number'],
  'Date of birth': ['date_of_birth'],
  'ID document': ['id_document_type'],
  'ID document number': ['id_document_number'],
  Type: ['type'],
  Country: ['country'],
  Address: ['address_line1', 'address_line2', 'city', 'postal_code', 'region'],
  'Contact email': ['contact_email'],
  'Contact phone': ['contact_phone'],
  Bank: ['bank_name'],
  'Bank country': ['bank_country'],
  Currency: ['currency'],
  IBAN: ['iban'],
  'Account number': ['account_number'],
  'SWIFT/BIC': ['swift_bic'],
};

export function DetailList({
  items,
  highlight = [],
}: {
  items: readonly [string, React.ReactNode][];
  /** API names of fields a reviewer asks about: their rows are marked. */
  highlight?: readonly string[];
}) {
  const asked = (label: string) => (ROW_FIELDS[label] ?? []).some((field) => highlight.includes(field));
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div
          key={label}
          className={asked(label) ? 'min-w-0 rounded-md bg-amber-50 p-1.5 ring-2 ring-amber-400' : 'min-w-0'}
          data-asked={asked(label) ? 'true' : undefined}
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {label}
            {asked(label) ? (
              <span className="ml-1 normal-case text-amber-800">· the reviewer asks about this</span>
            ) : null}
          </dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">
            {value ?? <span className="text-slate-400">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
