// Owns Settings → Access log (admins): every read-only support view of this organization, with its reason, and every
// read of its data by the provider's staff.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { AccessLog } from '@/components/settings/access-log';
import { StaffReads } from '@/components/settings/staff-reads';

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
      <section aria-labelledby="staff-reads-heading" className="mt-8 space-y-3">
        <div>
          <h2 id="staff-reads-heading" className="text-lg font-semibold tracking-tight">
            Staff reads
          </h2>
          <p className="text-sm text-slate-600">
            Every read of your data by our staff: each page or API call inside a view, and each profile,
            document or summary opened in the support console. Recorded before the data is shown.
          </p>
        </div>
        <StaffReads />
      </section>
    </>
  );
}
