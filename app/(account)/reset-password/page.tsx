// Owns the page a reset email links to: choose a new password. A new staff member's invitation links here with
// `welcome=1`: they choose their first password and are signed in to the support console.
import type { Metadata } from 'next';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password', referrer: 'no-referrer' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; welcome?: string }>;
}) {
  const { token, welcome } = await searchParams;
  const first = welcome === '1';
  return (
    <>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {first ? 'Choose your password' : 'Choose a new password'}
        </h1>
        <p className="text-sm text-slate-600">
          {first
            ? 'Then you are signed in to the support console.'
            : 'You will be signed out everywhere and sign in with it.'}
        </p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <ResetPasswordForm token={typeof token === 'string' ? token : ''} signInAfter={first} />
      </div>
    </>
  );
}
