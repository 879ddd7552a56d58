'use client';
// Owns the edit pages: load the profile, then its form; a profile in review cannot be edited.
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { BeneficiaryForm } from './beneficiary-form';
import { useBeneficiary, useSender } from './queries';
import { SenderForm } from './sender-form';

function Loading() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-10 w-full max-w-2xl" />
      <Skeleton className="h-10 w-full max-w-2xl" />
    </div>
  );
}

function Locked({ href }: { href: string }) {
  return (
    <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      It is in review and cannot be changed until the review decides.{' '}
      <Link href={href} className="font-medium underline">
        Back
      </Link>
    </p>
  );
}

export function EditSender({ senderId }: { senderId: string }) {
  const sender = useSender(senderId);
  if (sender.error)
    return (
      <ErrorState title="Could not load this sender" error={sender.error} onRetry={() => sender.refetch()} />
    );
  if (sender.isPending) return <Loading />;
  return (
    <>
      <PageHeader
        title={`Edit ${sender.data.legal_name}`}
        description={
          sender.data.status === 'ready'
            ? 'Changing anything but the contact details sends the sender back to review.'
            : undefined
        }
      />
      {sender.data.status === 'in_review' ? (
        <Locked href={`/senders/${senderId}`} />
      ) : (
        <SenderForm sender={sender.data} />
      )}
    </>
  );
}

export function EditBeneficiary({ beneficiaryId }: { beneficiaryId: string }) {
  const beneficiary = useBeneficiary(beneficiaryId);
  if (beneficiary.error) {
    return (
      <ErrorState
        title="Could not load this beneficiary"
        error={beneficiary.error}
        onRetry={() => beneficiary.refetch()}
      />
    );
  }
  if (beneficiary.isPending) return <Loading />;
  return (
    <>
      <PageHeader
        title={`Edit ${beneficiary.data.name}`}
        description={
          beneficiary.data.status === 'ready'
            ? 'Changing the name, address or bank details sends the beneficiary back to review. Confirmed payouts keep the details they were confirmed with.'
            : undefined
        }
      />
      {beneficiary.data.status === 'in_review' ? (
        <Locked href={`/beneficiaries/${beneficiaryId}`} />
      ) : (
        <BeneficiaryForm beneficiary={beneficiary.data} />
      )}
    </>
  );
}
