'use client';
// Owns the invitation page: who invited you where, then join — signed in with the invited email, or as a new user
// who chooses a password (and is signed in at once).
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn, signOut } from 'next-auth/react';
import { type FormEvent, useState } from 'react';
import { errorText, fieldError } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { previewInvitationOperation, signUpFromInvitationOperation } from '@/lib/api/operations/auth';
import { acceptInvitationOperation } from '@/lib/api/operations/team';
import { apiFetch } from '@/lib/browser/api';

const ROLE = { member: 'a member', approver: 'an approver', admin: 'an admin' } as const;

export function InvitationAccept({ token, signedInAs }: { token: string; signedInAs: string | null }) {
  const router = useRouter();
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiFetch(previewInvitationOperation, { params: { token } }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => apiFetch(acceptInvitationOperation, { params: { token } }),
    onSuccess: () => {
      router.replace('/');
      router.refresh();
    },
  });

  if (preview.isPending) return <LoadingBlock label="Loading the invitation" />;
  if (preview.isError) {
    return (
      <ErrorState
        title="This invitation cannot be used"
        error={new Error(errorText(preview.error, 'The link is not valid.'))}
      />
    );
  }
  const invitation = preview.data;
  const heading = (
    <p className="text-sm text-slate-700">
      You are invited to join <strong>{invitation.organization_name}</strong> as {ROLE[invitation.role]}, with
      the email <strong>{invitation.email}</strong>.
    </p>
  );

  if (signedInAs) {
    if (signedInAs.toLowerCase() !== invitation.email) {
      return (
        <div className="space-y-4">
          {heading}
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You are signed in as {signedInAs}. Sign out, then open the link again to accept as{' '}
            {invitation.email}.
          </p>
          <Button variant="secondary" onClick={() => signOut({ callbackUrl: `/invitations/${token}` })}>
            Sign out
          </Button>
        </div>
      );
    }
    return (
      <div className="space-y-4">
        {heading}
        {accept.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(accept.error)}
          </p>
        ) : null}
        <Button className="w-full" busy={accept.isPending} onClick={() => accept.mutate()}>
          Join {invitation.organization_name}
        </Button>
      </div>
    );
  }

  if (invitation.account_exists) {
    return (
      <div className="space-y-4">
        {heading}
        <p className="text-sm text-slate-600">You already have an account: sign in to accept.</p>
        <Link
          href={`/login?callbackUrl=${encodeURIComponent(`/invitations/${token}`)}`}
          className="inline-flex h-10 w-full items-center justify-center rounded-md bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700"
        >
          Sign in to accept
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {heading}
      <SignUp token={token} email={invitation.email} />
    </div>
  );
}

function SignUp({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const signUp = useMutation({
    mutationFn: async () => {
      await apiFetch(signUpFromInvitationOperation, { params: { token }, body: { name, password } });
      const result = await signIn('credentials', { email, password, redirect: false });
      if (!result || result.error)
        throw new Error('Your account is ready, but signing in failed: sign in by hand.');
    },
    onSuccess: () => {
      router.replace('/');
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) signUp.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="Your name" error={fieldError(signUp.error, 'name')}>
        <Input autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field
        label="Choose a password"
        hint="At least 10 characters."
        error={fieldError(signUp.error, 'password')}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field label="Repeat the password" error={mismatch ? 'The two passwords differ.' : undefined}>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </Field>
      {signUp.isError && !fieldError(signUp.error, 'name') && !fieldError(signUp.error, 'password') ? (
        <p role="alert" className="text-sm text-red-700">
          {signUp.error instanceof Error && !('status' in signUp.error)
            ? signUp.error.message
            : errorText(signUp.error)}
        </p>
      ) : null}
      <Button
        type="submit"
        className="w-full"
        busy={signUp.isPending}
        disabled={!name.trim() || !password || !confirm}
      >
        Create my account and join
      </Button>
    </form>
  );
}
