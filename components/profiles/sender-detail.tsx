'use client';
// Owns a sender's page: its review state (reason first when rejected), its details with the ID number masked,
// its documents, and the actions its status allows.
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { countryName } from './country-select';
import { ProfileId } from './profile-id';
import { useSender, useSubmitProfile } from './queries';
import { DetailList, Masked, ReviewStatus } from './review-status';
import { SenderFiles } from './sender-files';

export function SenderDetail({ senderId }: { senderId: string }) {
  const sender = useSender(senderId);
  const submit = useSubmitProfile('sender', senderId);
  if (sender.error) {
    return (
      <ErrorState title="Could not load this sender" error={sender.error} onRetry={() => sender.refetch()} />
    );
  }
  if (sender.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading the sender">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const s = sender.data;
  const editable = s.status !== 'in_review';
  return (
    <>
      <PageHeader
        title={s.legal_name}
        description={s.type === 'company' ? 'Company sender' : 'Individual sender'}
        actions={
          <>
            <StatusBadge kind="profile" status={s.status} />
            {editable ? (
              <Button asChild variant="secondary" changesState>
                <Link href={`/senders/${s.id}/edit`}>Edit</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        <ReviewStatus
          status={s.status}
          rejectionReason={s.rejection_reason}
          editHref={`/senders/${s.id}/edit`}
          onSubmit={() => submit.mutate()}
          submitting={submit.isPending}
          submitError={submit.error ? submit.error.message : null}
        />
        <Card id="sender-details" title="Details">
          <DetailList
            items={[
              ['Sender id', <ProfileId key="id" id={s.id} kind="sender" />],
              ['Your reference', s.client_reference],
              ['Legal name', s.legal_name],
              ...(s.type === 'company'
                ? ([['Registration number', s.registration_number]] as [string, React.ReactNode][])
                : ([
                    ['Date of birth', s.date_of_birth],
                    ['ID document', s.id_document_type?.replace('_', ' ')],
                    ['ID document number', <Masked key="id" last4={s.id_document_number_last4} />],
                  ] as [string, React.ReactNode][])),
              ['Country', countryName(s.country)],
              [
                'Address',
                [
                  s.address_line1,
                  s.address_line2,
                  [s.postal_code, s.city].filter(Boolean).join(' '),
                  s.region,
                ]
                  .filter(Boolean)
                  .join(', '),
              ],
              ['Contact email', s.contact_email],
              ['Contact phone', s.contact_phone],
              ['Submitted', s.submitted_at ? <DateTime key="sub" value={s.submitted_at} /> : null],
              ['Reviewed', s.reviewed_at ? <DateTime key="rev" value={s.reviewed_at} /> : null],
            ]}
          />
        </Card>
        <SenderFiles senderId={s.id} />
        <p className="text-sm">
          <Link href={`/beneficiaries?sender_profile_id=${s.id}`} className="text-accent-700 hover:underline">
            Beneficiaries of this sender
          </Link>
        </p>
      </div>
    </>
  );
}
