'use client';
// Owns the frame of a profile's edit page: load the profile, then its form; a profile in review cannot be edited.
// Each kind's page is its own module (edit-sender.tsx, edit-beneficiary.tsx), so a page ships only its own form.
import type { UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { ProfileKind } from '@/lib/profiles/contract/enums';
import type { BeneficiaryWire, SenderWire } from '@/lib/profiles/contract/schemas';
import { profileFieldLabel } from './field-labels';
import { PROFILE_PATHS, ProfileLoaded } from './profile-frame';

function Loading() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-10 w-full max-w-2xl" />
      <Skeleton className="h-10 w-full max-w-2xl" />
    </div>
  );
}

/** A profile's edit page: its header, then its form, or why it cannot be edited while in review. */
export function EditFrame<P extends SenderWire | BeneficiaryWire>({
  kind,
  query,
  title,
  readyNote,
  form,
}: {
  kind: ProfileKind;
  query: UseQueryResult<P, Error>;
  title: (profile: P) => string;
  /** What an edit of a `ready` profile does to its review. */
  readyNote: string;
  form: (profile: P) => ReactNode;
}) {
  return (
    <ProfileLoaded kind={kind} query={query} loading={<Loading />}>
      {(profile) => (
        <>
          <PageHeader
            title={`Edit ${title(profile)}`}
            description={profile.status === 'ready' ? readyNote : undefined}
          />
          {profile.status === 'in_review' ? (
            <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
              It is in review and cannot be changed until the review decides.{' '}
              <Link href={`${PROFILE_PATHS[kind]}/${profile.id}`} className="font-medium underline">
                Back
              </Link>
            </p>
          ) : (
            <>
              {profile.requested_information ? (
                <div
                  role="note"
                  className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
                >
                  <p className="font-semibold">The reviewer asks: {profile.requested_information.question}</p>
                  {profile.requested_information.fields.length > 0 ? (
                    <p className="mt-1">
                      About: {profile.requested_information.fields.map(profileFieldLabel).join(', ')}. Save
                      your changes, then submit the profile again from its page.
                    </p>
                  ) : null}
                </div>
              ) : null}
              {form(profile)}
            </>
          )}
        </>
      )}
    </ProfileLoaded>
  );
}
