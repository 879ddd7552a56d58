// Owns the support lead's record of every support view (others get the not-found page, as the API answers 403).

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { AllViews } from '@/components/support/all-views';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Access records · Support console' };

export default async function SupportViewsPage() {
  const user = await currentUser();
  if (!user || !holdsStaffRole(user.staffRoles, ['support_lead'])) notFound();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Access records</h1>
      <Suspense>
        <AllViews />
      </Suspense>
    </>
  );
}
