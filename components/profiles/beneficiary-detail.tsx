'use client';
// Owns a beneficiary's page: its review state (reason first when rejected), masked bank details, and actions.
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
import { useAllSenders, useBeneficiary, useSubmitProfile } from './queries';
import { DetailList, Masked, ReviewStatus } from './review-status';

const ROUTING_LABELS: Record<string, string> = {
  aba: 'ABA routing number',
  sort_code: 'Sort code',
  ifsc: 'IFSC',
  clabe: 'CLABE',
  bsb: 'BSB',
  transit: 'Transit and institution',
  other: 'Bank code',
};

export function BeneficiaryDetail({ beneficiaryId }: { beneficiaryId: string }) {
  const beneficiary = useBeneficiary(beneficiaryId);
  const senders = useAllSenders();
  const submit = useSubmitProfile('beneficiary', beneficiaryId);
  if (beneficiary.error) {
    return (
      <ErrorState
        title="Could not load this beneficiary"
        error={beneficiary.error}
        onRetry={() => beneficiary.refetch()}
      />
    );
  }
  if (beneficiary.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading the beneficiary">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const b = beneficiary.data;
  const sender = senders.data?.items.find((s) => s.id === b.sender_profile_id);
  return (
    <>
      <PageHeader
        title={b.name}
        description={`${b.currency} to an account in ${countryName(b.bank_country)}`}
        actions={
          <>
            <StatusBadge kind="profile" status={b.status} />
            {b.status !== 'in_review' ? (
              <Button asChild variant="secondary" changesState>
                <Link href={`/beneficiaries/${b.id}/edit`}>Edit</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        <ReviewStatus
          status={b.status}
          rejectionReason={b.rejection_reason}
          editHref={`/beneficiaries/${b.id}/edit`}
          onSubmit={() => submit.mutate()}
          submitting={submit.isPending}
          submitError={submit.error ? submit.error.message : null}
        />
        <Card
          id="beneficiary-bank"
          title="Bank account"
          description="Account numbers are stored encrypted; only their last four digits are shown."
        >
          <DetailList
            items={[
              ['Bank', b.bank_name],
              ['Bank country', countryName(b.bank_country)],
              ['Currency', b.currency],
              ...(b.iban_last4
                ? ([['IBAN', <Masked key="iban" last4={b.iban_last4} />]] as [string, React.ReactNode][])
                : []),
              ...(b.account_number_last4
                ? ([['Account number', <Masked key="acct" last4={b.account_number_last4} />]] as [
                    string,
                    React.ReactNode,
                  ][])
                : []),
              ['SWIFT/BIC', b.swift_bic],
              ...(b.routing_code
                ? ([[ROUTING_LABELS[b.routing_code_type ?? 'other'] ?? 'Routing code', b.routing_code]] as [
                    string,
                    React.ReactNode,
                  ][])
                : []),
            ]}
          />
        </Card>
        <Card id="beneficiary-details" title="Beneficiary">
          <DetailList
            items={[
              ['Beneficiary id', <ProfileId key="id" id={b.id} kind="beneficiary" />],
              ['Your reference', b.client_reference],
              ['Type', b.type === 'company' ? 'Company' : 'Individual'],
              [
                'Sender',
                sender ? (
                  <Link key="s" href={`/senders/${sender.id}`} className="text-accent-700 hover:underline">
                    {sender.legal_name}
                  </Link>
                ) : null,
              ],
              ['Country', countryName(b.country)],
              [
                'Address',
                [
                  b.address_line1,
                  b.address_line2,
                  [b.postal_code, b.city].filter(Boolean).join(' '),
                  b.region,
                ]
                  .filter(Boolean)
                  .join(', '),
              ],
              ['Contact email', b.contact_email],
              ['Submitted', b.submitted_at ? <DateTime key="sub" value={b.submitted_at} /> : null],
              ['Reviewed', b.reviewed_at ? <DateTime key="rev" value={b.reviewed_at} /> : null],
            ]}
          />
        </Card>
      </div>
    </>
  );
}
