'use client';
// Owns asking for a password-reset email: one field, and the same answer whether or not the account exists.
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { errorText, fieldError } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { requestPasswordResetOperation } from '@/lib/api/operations/auth';
import { apiFetch } from '@/lib/browser/api';

export function ForgotPasswordForm({ sandbox }: { sandbox: boolean }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch(requestPasswordResetOperation, { body: { email } });
      setSent(answer.message);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
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
            Sandbox: the email is in the outbox of the account it was sent to.
          </p>
        ) : null}
        <Link href="/login" className="text-sm font-medium text-accent-700 underline">
          Back to sign-in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="Email" error={fieldError(error, 'email')}>
        <Input
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
      </Field>
      {error && !fieldError(error, 'email') ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : null}
      <Button type="submit" className="w-full" busy={busy} disabled={!email.trim()}>
        Email me a reset link
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="text-accent-700 underline">
          Back to sign-in
        </Link>
      </p>
    </form>
  );
}
