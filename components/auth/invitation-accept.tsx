'use client';
// Owns the invitation page: who invited you where, then join — signed in with the invited email, or as a new user
// who chooses a password (and is signed in at once).
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn, signOut } from 'next-auth/react';
import { useForm, useWatch } from 'react-hook-form';
import { errorText } from '@/components/settings/errors';
import { Button } from '@/components/ui/button';
import { FORM_ERROR, Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import {
  acceptInvitationOperation,
  previewInvitationOperation,
  signUpFromInvitationOperation,
} from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { NewPasswordFields } from './new-password-fields';

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
        {accept.isError ? <FormError>{errorText(accept.error)}</FormError> : null}
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

interface SignUpValues {
  name: string;
  password: string;
  confirm: string;
}

const signUpSchema = lazySchema(() => import('@/lib/identity/contract/form-schemas').then((m) => m.signUp));

function SignUp({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const form = useForm<SignUpValues>({
    resolver: useLazyResolver<SignUpValues>(signUpSchema),
    defaultValues: { name: '', password: '', confirm: '' },
  });
  const [name, password, confirm] = useWatch({
    control: form.control,
    name: ['name', 'password', 'confirm'],
  });
  const submit = async (values: SignUpValues) => {
    try {
      await apiFetch(signUpFromInvitationOperation, {
        params: { token },
        body: { name: values.name, password: values.password },
      });
    } catch (caught) {
      showServerError(form.setError, caught, ['name', 'password']);
      return;
    }
    const result = await signIn('credentials', { email, password: values.password, redirect: false });
    if (!result || result.error) {
      form.setError(FORM_ERROR, {
        type: 'server',
        message: 'Your account is ready, but signing in failed: sign in by hand.',
      });
      return;
    }
    router.replace('/');
    router.refresh();
  };
  return (
    <Form form={form} onSubmit={submit} summary={false}>
      <FormField control={form.control} name="name" label="Your name">
        {(field) => <Input autoComplete="name" {...field} />}
      </FormField>
      <NewPasswordFields label="Choose a password" repeatLabel="Repeat the password" />
      <FormServerError />
      <FormSubmit className="w-full" disabled={!name.trim() || !password || !confirm}>
        Create my account and join
      </FormSubmit>
    </Form>
  );
}
