// Owns the "forgot your password?" page reached from sign-in.
import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { env } from '@/lib/platform/env';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
        <p className="text-sm text-slate-600">We will email you a link to choose a new one.</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <ForgotPasswordForm sandbox={env().APP_ENV === 'sandbox'} />
      </div>
    </>
  );
}
