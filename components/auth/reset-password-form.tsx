'use client';
// Owns choosing a new password from a reset link; afterwards every session has ended, so the person signs in again.
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { errorText, fieldError } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { completePasswordResetOperation } from '@/lib/api/operations/auth';
import { apiFetch } from '@/lib/browser/api';

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    setBusy(true);
    setError(null);
    try {
      setDone((await apiFetch(completePasswordResetOperation, { body: { token, password } })).email);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  if (!token) {
    return (
      <p role="alert" className="text-sm text-red-700">
        This page needs the link from your email.{' '}
        <Link href="/forgot-password" className="underline">
          Ask for a new one
        </Link>
        .
      </p>
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
  const linkProblem = fieldError(error, 'token');
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="New password" hint="At least 10 characters." error={fieldError(error, 'password')}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field label="Repeat the new password" error={mismatch ? 'The two passwords differ.' : undefined}>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </Field>
      {error && !fieldError(error, 'password') ? (
        <p role="alert" className="text-sm text-red-700">
          {linkProblem ?? errorText(error)}{' '}
          {linkProblem ? (
            <Link href="/forgot-password" className="underline">
              Ask for a new link
            </Link>
          ) : null}
        </p>
      ) : null}
      <Button type="submit" className="w-full" busy={busy} disabled={!password || !confirm}>
        Set the new password
      </Button>
    </form>
  );
}
