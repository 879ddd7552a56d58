'use client';
// Owns the frame a profile's pages share whatever the kind: where its pages live, the error and loading states of
// loading one, and its page header with the review state (reason first when rejected) and the actions its status
// allows. What a kind shows inside the frame stays with the kind's own page.
import type { UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import type { ProfileKind } from '@/lib/profiles/contract/enums';
import type { BeneficiaryWire, SenderWire } from '@/lib/profiles/contract/schemas';
import { useSubmitProfile } from './queries';
import { ReviewStatus, StaffCorrectionNote } from './review-status';

/** Where a kind's pages live. */
export const PROFILE_PATHS: Record<ProfileKind, string> = {
  sender: '/senders',
  beneficiary: '/beneficiaries',
};

type AnyProfile = SenderWire | BeneficiaryWire;
type ProfileQuery<P extends AnyProfile> = UseQueryResult<P, Error>;

/** The profile's address as one line: street, postal code and city, region. */
export function addressOf(profile: AnyProfile): string {
  return [
    profile.address_line1,
    profile.address_line2,
    [profile.postal_code, profile.city].filter(Boolean).join(' '),
    profile.region,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Renders `children` with the loaded profile, or the error (with a retry) or loading state of the query. */
export function ProfileLoaded<P extends AnyProfile>({
  kind,
  query,
  loading,
  children,
}: {
  kind: ProfileKind;
  query: ProfileQuery<P>;
  /** What stands in while the profile loads. */
  loading: ReactNode;
  children: (profile: P) => ReactNode;
}) {
  if (query.error) {
    return (
      <ErrorState title={`Could not load this ${kind}`} error={query.error} onRetry={() => query.refetch()} />
    );
  }
  if (query.isPending) return loading;
  return children(query.data);
}

/** A profile's page: header with status and Edit (not while in review), its review state, then the kind's cards. */
export function ProfileDetailFrame<P extends AnyProfile>({
  kind,
  profileId,
  query,
  title,
  description,
  children,
}: {
  kind: ProfileKind;
  profileId: string;
  query: ProfileQuery<P>;
  title: (profile: P) => string;
  description: (profile: P) => string;
  children: (profile: P) => ReactNode;
}) {
  const submit = useSubmitProfile(kind, profileId);
  const loading = (
    <div className="space-y-4" role="status" aria-label={`Loading the ${kind}`}>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
  return (
    <ProfileLoaded kind={kind} query={query} loading={loading}>
      {(profile) => {
        const editHref = `${PROFILE_PATHS[kind]}/${profile.id}/edit`;
        return (
          <>
            <PageHeader
              title={title(profile)}
              description={description(profile)}
              actions={
                <>
                  <StatusBadge kind="profile" status={profile.status} />
                  {profile.status !== 'in_review' ? (
                    <Button asChild variant="secondary" changesState>
                      <Link href={editHref}>Edit</Link>
                    </Button>
                  ) : null}
                </>
              }
            />
            <div className="space-y-6">
              <ReviewStatus
                status={profile.status}
                rejectionReason={profile.rejection_reason}
                requestedInformation={profile.requested_information}
                editHref={editHref}
                onSubmit={() => submit.mutate()}
                submitting={submit.isPending}
                submitError={submit.error ? submit.error.message : null}
              />
              <StaffCorrectionNote correction={profile.staff_correction} />
              {children(profile)}
            </div>
          </>
        );
      }}
    </ProfileLoaded>
  );
}
