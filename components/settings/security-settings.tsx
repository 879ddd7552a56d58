'use client';
// Owns the security page of every user: change password; the authenticator second factor (enrol with a QR code and a
// code, recovery codes shown once, turn off, new codes); and for admins, requiring it across the organization.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QrCode } from '@/components/dashboard/qr-code';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import {
  changePasswordOperation,
  disableTwoFactorOperation,
  enableTwoFactorOperation,
  getSecurityPolicyOperation,
  getTwoFactorOperation,
  regenerateRecoveryCodesOperation,
  startTwoFactorEnrolmentOperation,
  updateSecurityPolicyOperation,
} from '@/lib/api/routes';
import { apiFetch } from '@/lib/browser/api';
import { useApiQuery } from '@/lib/browser/queries';
import { errorText, fieldError } from './errors';

export function SecuritySettings({
  mayChangePolicy,
  hasOrganization,
}: {
  /** Whether the signed-in member may change the organization's security policy. */
  mayChangePolicy: boolean;
  hasOrganization: boolean;
}) {
  return (
    <div className="space-y-6">
      <TwoFactorCard />
      {mayChangePolicy && hasOrganization ? <PolicyCard /> : null}
      <PasswordCard />
    </div>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const notify = useToast();
  const change = useMutation({
    mutationFn: () =>
      apiFetch(changePasswordOperation, { body: { current_password: current, new_password: next } }),
    onSuccess: (result) => {
      setCurrent('');
      setNext('');
      setConfirm('');
      notify({
        tone: 'success',
        title: 'Password changed',
        description:
          result.sessions_ended > 0
            ? `You were signed out on ${result.sessions_ended} other ${result.sessions_ended === 1 ? 'device' : 'devices'}.`
            : undefined,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(next !== confirm);
    if (next === confirm) change.mutate();
  };
  const general =
    change.isError &&
    !fieldError(change.error, 'current_password') &&
    !fieldError(change.error, 'new_password')
      ? errorText(change.error)
      : null;
  return (
    <Card id="password" title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={submit} className="max-w-md space-y-4" noValidate>
        <Field label="Current password" error={fieldError(change.error, 'current_password')}>
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </Field>
        <Field
          label="New password"
          hint="At least 10 characters. A few unrelated words make a strong one."
          error={fieldError(change.error, 'new_password')}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </Field>
        <Field label="Repeat the new password" error={mismatch ? 'The two new passwords differ.' : undefined}>
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </Field>
        {general ? (
          <p role="alert" className="text-sm text-red-700">
            {general}
          </p>
        ) : null}
        <Button type="submit" busy={change.isPending} disabled={!current || !next || !confirm}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Save these recovery codes now. Each signs you in once if you lose your phone; they are not shown
        again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton value={text} label="Copy the recovery codes" />
    </div>
  );
}

function TwoFactorCard() {
  const status = useApiQuery(getTwoFactorOperation, {});
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [getTwoFactorOperation.id] });

  return (
    <Card
      id="two-factor"
      title="Two-factor authentication"
      description="Sign-in also asks for a code from an authenticator app on your phone."
      action={
        status.data ? (
          status.data.enabled ? (
            <Badge tone="success">On</Badge>
          ) : (
            <Badge tone="neutral">Off</Badge>
          )
        ) : undefined
      }
    >
      {status.isPending ? (
        <LoadingBlock label="Loading two-factor authentication" />
      ) : status.isError ? (
        <ErrorState title="Could not load it" error={status.error} onRetry={() => status.refetch()} />
      ) : (
        <div className="space-y-4">
          {status.data.required_by.length > 0 && !status.data.enabled ? (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {status.data.required_by.join(', ')}{' '}
              {status.data.required_by.length === 1 ? 'requires' : 'require'} two-factor authentication: turn
              it on to keep working there.
            </p>
          ) : null}
          {codes ? <RecoveryCodes codes={codes} /> : null}
          {status.data.enabled ? (
            <>
              <p className="text-sm text-slate-700">
                On since{' '}
                {status.data.enabled_at ? <DateTime value={status.data.enabled_at} style="date" /> : '—'}.{' '}
                {status.data.recovery_codes_remaining} recovery{' '}
                {status.data.recovery_codes_remaining === 1 ? 'code' : 'codes'} left.
              </p>
              <div className="flex flex-wrap gap-2">
                <PasswordAction
                  kind="codes"
                  onDone={(result) => {
                    if (result) setCodes(result);
                    void refresh();
                  }}
                />
                {status.data.required_by.length === 0 ? (
                  <PasswordAction
                    kind="disable"
                    onDone={() => {
                      setCodes(null);
                      void refresh();
                    }}
                  />
                ) : (
                  <p className="text-xs text-slate-500">
                    Required by {status.data.required_by.join(', ')}: it cannot be turned off.
                  </p>
                )}
              </div>
            </>
          ) : (
            <Enrolment
              onEnabled={(result) => {
                setCodes(result);
                void refresh();
              }}
            />
          )}
        </div>
      )}
    </Card>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: () => apiFetch(startTwoFactorEnrolmentOperation) });
  const confirm = useMutation({
    mutationFn: () => apiFetch(enableTwoFactorOperation, { body: { code } }),
    onSuccess: (result) => {
      setCode('');
      start.reset();
      onEnabled(result.recovery_codes);
    },
  });
  if (!start.data) {
    return (
      <div className="space-y-2">
        <Button onClick={() => start.mutate()} busy={start.isPending}>
          Set up an authenticator app
        </Button>
        {start.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(start.error)}
          </p>
        ) : null}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  return (
    <div className="flex flex-col gap-6 sm:flex-row">
      <div className="space-y-2">
        <QrCode value={start.data.otpauth_uri} label="QR code for your authenticator app" size={176} />
      </div>
      <form onSubmit={submit} className="min-w-0 flex-1 space-y-4" noValidate>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>Enter the 6-digit code it shows.</li>
        </ol>
        <p className="text-xs text-slate-600">
          Cannot scan? Enter this key instead:{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
            {start.data.secret}
          </code>
        </p>
        <Field label="Code from the app" error={fieldError(confirm.error, 'code')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="max-w-40 font-mono tracking-widest"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        </Field>
        {confirm.isError && !fieldError(confirm.error, 'code') ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(confirm.error)}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
            Turn on
          </Button>
          <Button type="button" variant="secondary" onClick={() => start.reset()}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Actions that ask for the password again: new recovery codes, or turning the factor off (which also asks for a code). */
function PasswordAction({
  kind,
  onDone,
}: {
  kind: 'codes' | 'disable';
  onDone: (codes: string[] | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const notify = useToast();
  const action = useMutation({
    mutationFn: async (): Promise<string[] | null> => {
      if (kind === 'codes') {
        return (await apiFetch(regenerateRecoveryCodesOperation, { body: { password } })).recovery_codes;
      }
      await apiFetch(disableTwoFactorOperation, { body: { password, code } });
      return null;
    },
    onSuccess: (codes) => {
      setOpen(false);
      setPassword('');
      setCode('');
      if (kind === 'disable') notify({ tone: 'success', title: 'Two-factor authentication is off' });
      onDone(codes);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate();
  };
  const title = kind === 'codes' ? 'New recovery codes' : 'Turn off two-factor authentication';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setCode('');
          action.reset();
        }
      }}
      trigger={
        <Button variant={kind === 'codes' ? 'secondary' : 'danger'} size="sm">
          {kind === 'codes' ? 'New recovery codes' : 'Turn off'}
        </Button>
      }
      title={title}
      description={
        kind === 'codes'
          ? 'Your old recovery codes stop working.'
          : 'Sign-in will ask only for your password again.'
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Your password" error={fieldError(action.error, 'password')}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {kind === 'disable' ? (
          <Field
            label="Code from your authenticator app"
            hint="Or one of your recovery codes."
            error={fieldError(action.error, 'code')}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
        ) : null}
        {action.isError && !fieldError(action.error, 'password') && !fieldError(action.error, 'code') ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(action.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" type="button">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            variant={kind === 'codes' ? 'primary' : 'danger'}
            busy={action.isPending}
            disabled={!password || (kind === 'disable' && !code.trim())}
          >
            {kind === 'codes' ? 'Replace the codes' : 'Turn off'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PolicyCard() {
  const policy = useApiQuery(getSecurityPolicyOperation, {});
  const queryClient = useQueryClient();
  const notify = useToast();
  const update = useMutation({
    mutationFn: (require: boolean) =>
      apiFetch(updateSecurityPolicyOperation, { body: { require_two_factor: require } }),
    onSuccess: (result) => {
      queryClient.setQueryData([getSecurityPolicyOperation.id, {}], result);
      void queryClient.invalidateQueries({ queryKey: [getSecurityPolicyOperation.id] });
    },
    onError: (error) =>
      notify({ tone: 'error', title: 'Could not change the policy', description: errorText(error) }),
  });
  return (
    <Card
      id="policy"
      title="Organization policy"
      description="Applies to everyone who signs in to this organization. API keys are not affected."
    >
      {policy.isPending ? (
        <LoadingBlock label="Loading the policy" lines={1} />
      ) : policy.isError ? (
        <ErrorState title="Could not load the policy" error={policy.error} onRetry={() => policy.refetch()} />
      ) : (
        <div className="space-y-2">
          <Checkbox
            checked={policy.data.require_two_factor}
            disabled={update.isPending}
            changesState
            onCheckedChange={(checked) => update.mutate(checked === true)}
            label="Require two-factor authentication for every member"
          />
          <p className="text-sm text-slate-600">
            {policy.data.members_without_two_factor === 0
              ? 'Every member has it on.'
              : `${policy.data.members_without_two_factor} ${policy.data.members_without_two_factor === 1 ? 'member has' : 'members have'} not turned it on${policy.data.require_two_factor ? ': they must before they can continue' : ''}.`}
          </p>
        </div>
      )}
    </Card>
  );
}
