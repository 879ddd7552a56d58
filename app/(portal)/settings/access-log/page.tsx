// Owns Settings → Access log (admins): every read-only support view of this organization, with its reason.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { AccessLog } from '@/components/settings/access-log';

export const metadata: Metadata = { title: 'Access log' };

export default function AccessLogPage() {
  return (
    <>
      <PageHeader
        title="Access log"
        description="When the provider's support staff viewed your account, who, and why. Support views are read-only and last at most 30 minutes."
      />
      <Suspense>
        <AccessLog />
      </Suspense>
    </>
  );
}
