'use client';
// Owns the security page of every user: change password; the authenticator second factor (enrol with a QR code and a
// code, recovery codes shown once, turn off, new codes); and for admins, requiring it across the organization.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { QrCode } from '@/components/dashboard/qr-code';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import {
  changePasswordOperation,
  disableTwoFactorOperation,
  enableTwoFactorOperation,
  getSecurityPolicyOperation,
  getTwoFactorOperation,
  regenerateRecoveryCodesOperation,
  startTwoFactorEnrolmentOperation,
  updateSecurityPolicyOperation,
} from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { errorText } from './errors';

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

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

const changePasswordSchema = lazySchema(() =>
  import('@/lib/identity/contract/form-schemas').then((m) => m.changePassword),
);
const enrolSchema = lazySchema(() =>
  import('@/lib/identity/contract/form-schemas').then((m) => m.enrolTwoFactor),
);
const confirmSchema = lazySchema(() =>
  import('@/lib/identity/contract/form-schemas').then((m) => m.confirmWithPassword),
);

function PasswordCard() {
  const notify = useToast();
  const empty = { current_password: '', new_password: '', confirm: '' };
  const form = useForm<PasswordValues>({
    resolver: useLazyResolver<PasswordValues>(changePasswordSchema),
    defaultValues: empty,
  });
  const filled = useWatch({ control: form.control }) as Partial<PasswordValues>;
  const submit = async (values: PasswordValues) => {
    try {
      const result = await apiFetch(changePasswordOperation, {
        body: { current_password: values.current_password, new_password: values.new_password },
      });
      form.reset(empty);
      notify({
        tone: 'success',
        title: 'Password changed',
        description:
          result.sessions_ended > 0
            ? `You were signed out on ${result.sessions_ended} other ${result.sessions_ended === 1 ? 'device' : 'devices'}.`
            : undefined,
      });
    } catch (caught) {
      showServerError(form.setError, caught, ['current_password', 'new_password']);
    }
  };
  return (
    <Card id="password" title="Password" description="Changing it signs you out everywhere else.">
      <Form form={form} onSubmit={submit} className="max-w-md space-y-4" summary={false}>
        <FormField control={form.control} name="current_password" label="Current password">
          {(field) => <Input type="password" autoComplete="current-password" {...field} />}
        </FormField>
        <NewPasswordFields
          name="new_password"
          hint="At least 10 characters. A few unrelated words make a strong one."
        />
        <FormServerError />
        <FormSubmit disabled={!filled.current_password || !filled.new_password || !filled.confirm}>
          Change password
        </FormSubmit>
      </Form>
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
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = useRefresh(getTwoFactorOperation);

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
  const start = useMutation({ mutationFn: () => apiFetch(startTwoFactorEnrolmentOperation) });
  const form = useForm<{ code: string }>({
    resolver: useLazyResolver<{ code: string }>(enrolSchema),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control: form.control, name: 'code' });
  if (!start.data) {
    return (
      <div className="space-y-2">
        <Button onClick={() => start.mutate()} busy={start.isPending}>
          Set up an authenticator app
        </Button>
        {start.isError ? <FormError>{errorText(start.error)}</FormError> : null}
      </div>
    );
  }
  const submit = async (values: { code: string }) => {
    try {
      const result = await apiFetch(enableTwoFactorOperation, { body: { code: values.code } });
      form.reset({ code: '' });
      start.reset();
      onEnabled(result.recovery_codes);
    } catch (caught) {
      showServerError(form.setError, caught, ['code']);
    }
  };
  return (
    <div className="flex flex-col gap-6 sm:flex-row">
      <div className="space-y-2">
        <QrCode value={start.data.otpauth_uri} label="QR code for your authenticator app" size={176} />
      </div>
      <Form form={form} onSubmit={submit} className="min-w-0 flex-1 space-y-4" summary={false}>
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
        <FormField<{ code: string }> name="code" label="Code from the app">
          {(field) => (
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="max-w-40 font-mono tracking-widest"
              {...field}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
            />
          )}
        </FormField>
        <FormServerError />
        <div className="flex gap-2">
          <FormSubmit disabled={code.length !== 6}>Turn on</FormSubmit>
          <Button type="button" variant="secondary" onClick={() => start.reset()}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

interface ConfirmValues {
  password: string;
  code: string;
}

/** Actions that ask for the password again: new recovery codes, or turning the factor off (which also asks for a code). */
function PasswordAction({
  kind,
  onDone,
}: {
  kind: 'codes' | 'disable';
  onDone: (codes: string[] | null) => void;
}) {
  const dialog = useDialogForm({
    schema: confirmSchema,
    defaultValues: { password: '', code: '' },
    submit: async (values: ConfirmValues): Promise<string[] | null> => {
      if (kind === 'disable') {
        await apiFetch(disableTwoFactorOperation, { body: { password: values.password, code: values.code } });
        return null;
      }
      const { recovery_codes } = await apiFetch(regenerateRecoveryCodesOperation, {
        body: { password: values.password },
      });
      return recovery_codes;
    },
    fields: ['password', 'code'],
    success: kind === 'disable' ? 'Two-factor authentication is off' : null,
    onDone,
  });
  const { form } = dialog;
  const [password, code] = useWatch({ control: form.control, name: ['password', 'code'] });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button variant={kind === 'codes' ? 'secondary' : 'danger'} size="sm">
          {kind === 'codes' ? 'New recovery codes' : 'Turn off'}
        </Button>
      }
      title={kind === 'codes' ? 'New recovery codes' : 'Turn off two-factor authentication'}
      description={
        kind === 'codes'
          ? 'Your old recovery codes stop working.'
          : 'Sign-in will ask only for your password again.'
      }
      submitLabel={kind === 'codes' ? 'Replace the codes' : 'Turn off'}
      submitVariant={kind === 'codes' ? 'primary' : 'danger'}
      submitDisabled={!password || (kind === 'disable' && !code.trim())}
    >
      <FormField control={form.control} name="password" label="Your password">
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      {kind === 'disable' ? (
        <FormField
          control={form.control}
          name="code"
          label="Code from your authenticator app"
          hint="Or one of your recovery codes."
        >
          {(field) => <Input inputMode="numeric" autoComplete="one-time-code" {...field} />}
        </FormField>
      ) : null}
    </DialogForm>
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
