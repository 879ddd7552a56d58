'use client';
// Owns one profile under review: its details unmasked while under review or inside a view (masked otherwise), the sender's documents shown inline or
// downloaded, the screening note and history (who and why), the open question to the client, and the reviewer's
// actions: approve with the rationale for clearing the hit, reject with a reason the client reads, ask for more
// information, or correct the details (review-requests.tsx).
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { type ReactElement, useState } from 'react';
import { profileFieldLabel } from '@/components/profiles/field-labels';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { apiFetch, pathOf } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { apiQueryKey, useApiQuery } from '@/lib/platform/browser/queries';
import { reviewEventWords } from '@/lib/platform/format/activity';
import { formatBytes } from '@/lib/platform/format/bytes';
import type { ProfileKind as Kind } from '@/lib/profiles/contract/enums';
import {
  decideReviewOperation,
  getReviewFileOperation,
  getReviewProfileOperation,
  listReviewQueueOperation,
} from '@/lib/support/contract/routes';
import { AskForInformationDialog, CorrectDetailsDialog } from './review-requests';

function fileUrl(fileId: string, disposition: 'inline' | 'attachment'): string {
  return `${pathOf(getReviewFileOperation, { fileId })}?disposition=${disposition}`;
}

const rejectionSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.rejection),
);
const clearanceSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.clearance),
);

type DecisionBody = { decision: 'approve' | 'reject'; reason: string };

/**
 * Approve or reject, each with its reason: clearing a screening hit is as much a judgement as rejecting, so both
 * dialogs ask why (the server refuses a decision without one). Only a rejection's reason reaches the client.
 */
function Decision({ kind, profileId, name }: { kind: Kind; profileId: string; name: string }) {
  const queryClient = useQueryClient();
  const notify = useToast();

  const decide = async (body: DecisionBody) => {
    const result = await apiFetch(decideReviewOperation, { params: { kind, profileId }, body });
    queryClient.setQueryData(apiQueryKey(getReviewProfileOperation, { params: { kind, profileId } }), result);
    await queryClient.invalidateQueries({ queryKey: [listReviewQueueOperation.id] });
    notify({
      title: body.decision === 'approve' ? `${name} approved` : `${name} rejected`,
      tone: 'success',
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      <DecisionDialog
        decision="approve"
        decide={decide}
        trigger={<Button>Approve</Button>}
        title={`Approve ${name}`}
        description="Say why the screening hit is cleared. It stays in the review history for staff; the client does not see it."
        label="Why the hit is cleared"
        submitLabel="Approve profile"
      />
      <DecisionDialog
        decision="reject"
        decide={decide}
        trigger={<Button variant="danger">Reject</Button>}
        title={`Reject ${name}`}
        description="The client sees this reason on the profile and can correct it and submit again."
        label="Reason shown to the client"
        submitLabel="Reject profile"
      />
    </div>
  );
}

function DecisionDialog({
  decision,
  decide,
  trigger,
  title,
  description,
  label,
  submitLabel,
}: {
  decision: DecisionBody['decision'];
  decide: (body: DecisionBody) => Promise<void>;
  trigger: ReactElement;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
}) {
  const dialog = useDialogForm({
    schema: decision === 'approve' ? clearanceSchema : rejectionSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }: { reason: string }) => decide({ decision, reason }),
    fields: ['reason'],
    fallback: NOT_SAVED,
  });
  const { form } = dialog;
  return (
    <DialogForm
      {...dialog}
      trigger={trigger}
      title={title}
      description={description}
      submitLabel={submitLabel}
      submitVariant={decision === 'reject' ? 'danger' : 'primary'}
    >
      <FormField control={form.control} name="reason" label={label}>
        {(field) => <Textarea rows={3} {...field} />}
      </FormField>
    </DialogForm>
  );
}

const NOT_SAVED = 'The decision was not saved. Try again.';

export function ReviewProfile({ kind, profileId }: { kind: Kind; profileId: string }) {
  const result = useApiQuery(getReviewProfileOperation, { params: { kind, profileId } });
  const [preview, setPreview] = useState<string | null>(null);
  if (result.isPending) return <LoadingBlock label="Loading the profile" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const profile = result.data;
  const previewFile = profile.files.find((file) => file.id === preview);
  // Staff may correct the details while the profile waits for a decision or for the client.
  const correct = profile.details ? (
    <CorrectDetailsDialog kind={kind} profileId={profileId} name={profile.name} details={profile.details} />
  ) : null;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/support/reviews" className="text-sm text-accent-700 hover:underline">
          ← Review queue
        </Link>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {kind} · {profile.org_name}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{profile.name}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <StatusBadge kind="profile" status={profile.status} />
            {profile.submitted_at ? (
              <span>
                submitted <DateTime value={profile.submitted_at} />
              </span>
            ) : null}
          </p>
        </div>
        {profile.status === 'in_review' ? (
          <div className="flex flex-wrap gap-2">
            <Decision kind={kind} profileId={profileId} name={profile.name} />
            <AskForInformationDialog
              kind={kind}
              profileId={profileId}
              name={profile.name}
              requestableFields={profile.requestable_fields}
            />
            {correct}
          </div>
        ) : profile.status === 'action_required' ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-600" data-testid="review-outcome">
              Waiting for the client to answer and submit again
            </p>
            {correct}
          </div>
        ) : (
          <p className="text-sm text-slate-600" data-testid="review-outcome">
            Decided{profile.review_source === 'staff' ? ' by staff' : ' by screening'}
            {profile.rejection_reason ? `: ${profile.rejection_reason}` : ''}
          </p>
        )}
      </div>
      {profile.requested_information ? (
        <Card title="Question to the client">
          <p className="text-sm font-medium" data-testid="requested-question">
            {profile.requested_information.question}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Asked <DateTime value={profile.requested_information.asked_at} />
            {profile.requested_information.fields.length > 0
              ? ` about: ${profile.requested_information.fields.map(profileFieldLabel).join(', ')}`
              : ''}
          </p>
        </Card>
      ) : null}
      {profile.corrected_by.length > 0 ? (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Corrected during this review by {profile.corrected_by.map((maker) => maker.name).join(', ')}:
          another reviewer must approve or reject it (four eyes).
        </p>
      ) : null}
      <Card title="Screening">
        <p className="text-sm" data-testid="screening-note">
          {profile.screening_note ?? 'The screening has not referred this profile (yet).'}
        </p>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card
          title="Details"
          description={
            profile.details_masked
              ? 'Masked: this profile is not under review. Its numbers and documents open only inside a view of the organization, recorded in its access log.'
              : 'Unmasked: for review only, and recorded in the client’s access log. Never copy them into tickets.'
          }
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {profile.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-slate-500">{field.name}</dt>
                <dd className="break-all font-medium">{field.value}</dd>
              </div>
            ))}
          </dl>
          {profile.sender ? (
            <p className="mt-3 text-sm">
              Sender:{' '}
              <Link
                href={`/support/reviews/sender/${profile.sender.id}`}
                className="text-accent-700 hover:underline"
              >
                {profile.sender.name}
              </Link>{' '}
              <StatusBadge kind="profile" status={profile.sender.status} />
            </p>
          ) : null}
        </Card>
        <Card title={kind === 'beneficiary' ? "The sender's documents" : 'Documents'}>
          {profile.files.length === 0 ? (
            <EmptyState
              title={profile.details_masked ? 'Documents withheld' : 'No documents uploaded'}
              description={
                profile.details_masked
                  ? 'Documents are for profiles in review, or inside a view of the organization.'
                  : undefined
              }
            />
          ) : (
            <ul className="space-y-2 text-sm">
              {profile.files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {file.file_name}{' '}
                    <span className="text-xs text-slate-500">
                      {file.mime_type} · {formatBytes(file.size_bytes)}
                    </span>
                  </span>
                  <span className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setPreview(file.id)}>
                      View {file.file_name}
                    </Button>
                    <a
                      className={buttonClasses('ghost', 'sm')}
                      href={fileUrl(file.id, 'attachment')}
                      download={file.file_name}
                    >
                      Download
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {previewFile ? (
            <div className="mt-4">
              {previewFile.mime_type === 'application/pdf' ? (
                <iframe
                  title={`Preview of ${previewFile.file_name}`}
                  src={fileUrl(previewFile.id, 'inline')}
                  className="h-96 w-full rounded border border-slate-200"
                />
              ) : (
                // biome-ignore lint/performance/noImgElement: a private, authenticated document, not a static asset
                <img
                  alt={`Preview of ${previewFile.file_name}`}
                  src={fileUrl(previewFile.id, 'inline')}
                  className="max-h-96 rounded border border-slate-200"
                />
              )}
            </div>
          ) : null}
        </Card>
      </div>
      <Card title="History">
        <ol className="space-y-1 text-sm" aria-label="Review history">
          {profile.history.map((event) => (
            <li key={`${event.type}-${event.at}`}>
              <DateTime value={event.at} /> · {reviewEventWords(event.type, event.actor_type)}
              {event.actor_name ? ` · ${event.actor_name}` : ''}
              {event.note ? ` — ${event.note}` : ''}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
