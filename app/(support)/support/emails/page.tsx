// Owns the support console's page of emails that need staff (failed, or unknown after a lost connection).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EmailProblems } from '@/components/support/email-problems';

export const metadata: Metadata = { title: 'Emails · Support console' };

export default function SupportEmailsPage() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Emails</h1>
      <p className="mb-4 text-sm text-slate-600">
        Messages the mail server refused for good, or whose delivery is unknown because the connection dropped
        after they were handed over. Those the server only refused for now are retried by themselves and are
        not listed.
      </p>
      <Suspense>
        <EmailProblems />
      </Suspense>
    </>
  );
}
