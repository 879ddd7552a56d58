'use client';
// Owns choosing a new password from a reset link; afterwards every session has ended, so the person signs in again.
// A new staff member choosing their first password (`signInAfter`, from their invitation link) is signed in at once
// and taken home, the support console; when that sign-in needs more (a second factor), the sign-in link is shown.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldError } from '@/components/settings/errors';
import { Form, FormServerError, FormSubmit } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { completePasswordResetOperation } from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { NewPasswordFields } from './new-password-fields';

interface Values {
  password: string;
  confirm: string;
}

const schema = lazySchema(() => import('@/lib/identity/contract/form-schemas').then((m) => m.resetPassword));

export function ResetPasswordForm({ token, signInAfter = false }: { token: string; signInAfter?: boolean }) {
  const [done, setDone] = useState<string | null>(null);
  const router = useRouter();
  // A refused token is said with a way out: asking for a new link.
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: useLazyResolver<Values>(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const [password, confirm] = useWatch({ control: form.control, name: ['password', 'confirm'] });
  if (!token) {
    return (
      <FormError>
        This page needs the link from your email.{' '}
        <Link href="/forgot-password" className="underline">
          Ask for a new one
        </Link>
        .
      </FormError>
    );
  }
  if (done) {
    return (
      <div role="status" className="space-y-3">
        <p className="text-sm text-slate-800">Your password is set. You were signed out everywhere.</p>
        <Link href="/login" className="text-sm font-medium text-accent-700 underline">
          Sign in as {done}
        </Link>
      </div>
    );
  }
  const submit = async (values: Values) => {
    setLinkProblem(null);
    try {
      const { email } = await apiFetch(completePasswordResetOperation, {
        body: { token, password: values.password },
      });
      const signedIn = signInAfter
        ? await signIn('credentials', { email, password: values.password, redirect: false })
        : undefined;
      if (signedIn && !signedIn.error) {
        router.replace('/');
        router.refresh();
        return;
      }
      setDone(email);
    } catch (caught) {
      const tokenProblem = fieldError(caught, 'token');
      if (tokenProblem) setLinkProblem(tokenProblem);
      else showServerError(form.setError, caught, ['password']);
    }
  };
  return (
    <Form form={form} onSubmit={submit} summary={false}>
      <NewPasswordFields />
      <FormServerError />
      {linkProblem ? (
        <FormError>
          {linkProblem}{' '}
          <Link href="/forgot-password" className="underline">
            Ask for a new link
          </Link>
        </FormError>
      ) : null}
      <FormSubmit className="w-full" disabled={!password || !confirm}>
        Set the new password
      </FormSubmit>
    </Form>
  );
}
