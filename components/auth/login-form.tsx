'use client';
// Owns the sign-in form: email and password through next-auth's credentials provider, errors said plainly.
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sameOriginPath } from '@/lib/auth/same-origin-path';

interface LoginValues {
  email: string;
  password: string;
  code: string;
}

/** What the form says for each refusal next-auth passes on (lib/account/second-factor-at-sign-in.ts). */
const SIGN_IN_FAILURES: Record<string, string> = {
  two_factor_invalid: 'That code is not right. Enter the current code from your app, or a recovery code.',
  two_factor_locked: 'Too many wrong codes. Wait 15 minutes, then try again.',
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute, then try again.',
};

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // Set once the password was right and the account has a second factor: the form then asks for the code.
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signIn('credentials', { ...values, redirect: false });
    if (result?.error === 'two_factor_required') {
      setNeedsCode(true);
      return;
    }
    if (!result || result.error) {
      setFailure(SIGN_IN_FAILURES[result?.error ?? ''] ?? 'The email or password is not right.');
      return;
    }
    // Only a path of this site: a callbackUrl pointing elsewhere would make the sign-in page an open redirect.
    router.replace(sameOriginPath(params.get('callbackUrl')));
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          Email
        </label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-accent-600 focus:outline-none focus:ring-1 focus:ring-accent-600"
          aria-invalid={errors.email ? 'true' : 'false'}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...register('email', {
            required: 'Enter your email address',
            pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter a valid email address' },
          })}
        />
        {errors.email ? (
          <p id="email-error" className="mt-1 text-sm text-red-700">
            {errors.email.message}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-accent-600 focus:outline-none focus:ring-1 focus:ring-accent-600"
          aria-invalid={errors.password ? 'true' : 'false'}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password', { required: 'Enter your password' })}
        />
        {errors.password ? (
          <p id="password-error" className="mt-1 text-sm text-red-700">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      {needsCode ? (
        <div>
          <label htmlFor="code" className="block text-sm font-medium text-slate-700">
            Authentication code
          </label>
          <p id="code-hint" className="mt-0.5 text-xs text-slate-600">
            The 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            // biome-ignore lint/a11y/noAutofocus: the field appears because the person must fill it next
            autoFocus
            aria-describedby="code-hint"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm tracking-widest shadow-sm focus:border-accent-600 focus:outline-none focus:ring-1 focus:ring-accent-600"
            {...register('code', { required: needsCode ? 'Enter the code' : false })}
          />
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        className="w-full rounded-md bg-accent-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-700 disabled:opacity-60"
      >
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-accent-700 underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
