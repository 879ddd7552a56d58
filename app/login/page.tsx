// Owns the sign-in page; someone already signed in goes straight where they were heading.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { LoginForm } from '@/components/auth/login-form';
import { sameOriginPath } from '@/lib/identity/contract/same-origin-path';
import { currentUser } from '@/lib/identity/server';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string }>;
}) {
  const { callbackUrl } = await searchParams;
  // The rule is a plain function shared with the form (a server component cannot call into a client module).
  if (await currentUser()) redirect(sameOriginPath(typeof callbackUrl === 'string' ? callbackUrl : null));
  return (
    <div className="mx-auto max-w-sm space-y-6 pt-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="text-sm text-slate-600">
          Use the email and password your organization's admin gave you.
        </p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Suspense>
          <LoginForm />
        </Suspense>
      </div>
    </div>
  );
}
