// Owns the support console's home: the organization directory.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OrganizationDirectory } from '@/components/support/organization-directory';

export const metadata: Metadata = { title: 'Support console' };

export default function SupportHomePage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Organizations</h1>
      <Suspense>
        <OrganizationDirectory />
      </Suspense>
    </>
  );
}
