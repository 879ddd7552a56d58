'use client';
// Owns the sign-in form: email and password through next-auth's credentials provider, errors said plainly.
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { FORM_ERROR, Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { sameOriginPath } from '@/lib/identity/contract/same-origin-path';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';

interface LoginValues {
  email: string;
  password: string;
  code: string;
}

/** What the form says for each refusal next-auth passes on (lib/identity/server/account/second-factor-at-sign-in.ts). */
const SIGN_IN_FAILURES: Record<string, string> = {
  two_factor_invalid: 'That code is not right. Enter the current code from your app, or a recovery code.',
  two_factor_locked: 'Too many wrong codes. Wait 15 minutes, then try again.',
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute, then try again.',
};

const schema = lazySchema(() => import('@/lib/identity/contract/form-schemas').then((m) => m.signIn));

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  // Set once the password was right and the account has a second factor: the form then asks for the code.
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<LoginValues>({
    resolver: useLazyResolver<LoginValues>(schema),
    defaultValues: { email: '', password: '', code: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    if (needsCode && !values.code) {
      form.setError('code', { type: 'required', message: 'Enter the code' });
      return;
    }
    const result = await signIn('credentials', { ...values, redirect: false });
    if (result?.error === 'two_factor_required') {
      setNeedsCode(true);
      return;
    }
    if (!result || result.error) {
      form.setError(FORM_ERROR, {
        type: 'server',
        message: SIGN_IN_FAILURES[result?.error ?? ''] ?? 'The email or password is not right.',
      });
      return;
    }
    // Only a path of this site: a callbackUrl pointing elsewhere would make the sign-in page an open redirect.
    router.replace(sameOriginPath(params.get('callbackUrl')));
    router.refresh();
  };

  return (
    <Form form={form} onSubmit={onSubmit} summary={false}>
      <FormField control={form.control} name="email" label="Email" id="email">
        {(field) => <Input type="email" autoComplete="username" {...field} />}
      </FormField>
      <FormField control={form.control} name="password" label="Password" id="password">
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      {needsCode ? (
        <FormField
          control={form.control}
          name="code"
          label="Authentication code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          id="code"
        >
          {(field) => (
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              // The field appears because the person must fill it next.
              autoFocus
              className="font-mono tracking-widest"
              {...field}
            />
          )}
        </FormField>
      ) : null}
      <FormServerError />
      <FormSubmit className="w-full">
        <SubmitLabel />
      </FormSubmit>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-accent-700 underline">
          Forgot your password?
        </Link>
      </p>
    </Form>
  );
}

/** "Signing in…" while the credentials are checked. */
function SubmitLabel() {
  const { isSubmitting } = useFormState();
  return <>{isSubmitting ? 'Signing in…' : 'Sign in'}</>;
}
