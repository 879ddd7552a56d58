'use client';
// Owns asking for a password-reset email: one field, and the same answer whether or not the account exists.
import Link from 'next/link';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { requestPasswordResetOperation } from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';

interface Values {
  email: string;
}

const schema = lazySchema(() => import('@/lib/identity/contract/form-schemas').then((m) => m.forgotPassword));

export function ForgotPasswordForm({ sandbox }: { sandbox: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: useLazyResolver<Values>(schema), defaultValues: { email: '' } });
  const email = useWatch({ control: form.control, name: 'email' });
  const submit = async ({ email }: Values) => {
    try {
      setSent((await apiFetch(requestPasswordResetOperation, { body: { email } })).message);
    } catch (caught) {
      showServerError(form.setError, caught, ['email']);
    }
  };
  if (sent) {
    return (
      <div className="space-y-3" role="status">
        <p className="text-sm text-slate-800">{sent}</p>
        <p className="text-sm text-slate-600">
          The link works once, for 30 minutes. Check your spam folder too.
        </p>
        {sandbox ? (
          <p className="text-sm text-slate-600">
            Sandbox: the email is in Sandbox emails of the account it was sent to.
          </p>
        ) : null}
        <Link href="/login" className="text-sm font-medium text-accent-700 underline">
          Back to sign-in
        </Link>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={submit} summary={false}>
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input type="email" autoComplete="username" required {...field} />}
      </FormField>
      <FormServerError />
      <FormSubmit className="w-full" disabled={!email.trim()}>
        Email me a reset link
      </FormSubmit>
      <p className="text-center text-sm">
        <Link href="/login" className="text-accent-700 underline">
          Back to sign-in
        </Link>
      </p>
    </Form>
  );
}
