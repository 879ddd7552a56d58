'use client';
// Owns the API keys page: the list (prefix, role, limit, created, last used, revoked), creating a key — generated or
// with an uploaded public key — whose secrets are shown once with copy buttons and a credentials file, and revoking.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import type { ApiKeyRole } from '@/lib/identity/contract/api-keys-enums';
import {
  createApiKeyOperation,
  listApiKeysOperation,
  revokeApiKeyOperation,
} from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { saveBlob } from '@/lib/platform/browser/save-blob';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import type { ResponseWireOf } from '@/lib/platform/operations/operation';
import { errorText } from './errors';

type CreatedKey = ResponseWireOf<typeof createApiKeyOperation>;

export function ApiKeysSettings({ orgId }: { orgId: string }) {
  const keys = useApiQuery(listApiKeysOperation, { query: { limit: '100' } });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const refresh = useRefresh(listApiKeysOperation);
  return (
    <>
      <Card
        id="api-keys"
        title="API keys"
        description="Keys sign requests to the v2 API. Each acts as a member or an approver, never as an admin."
        action={
          <CreateKeyDialog
            onCreated={(key) => {
              setCreated(key);
              void refresh();
            }}
          />
        }
      >
        {keys.isPending ? (
          <LoadingBlock label="Loading API keys" />
        ) : keys.isError ? (
          <ErrorState title="Could not load the API keys" error={keys.error} onRetry={() => keys.refetch()} />
        ) : keys.data.items.length === 0 ? (
          <EmptyState
            title="No API keys yet"
            description="Create one to call the API from your own systems."
          />
        ) : (
          <Table
            caption="API keys"
            columns={[
              'Key',
              'Role',
              'Limit / min',
              'Created',
              'Last used',
              <span key="actions" className="sr-only">
                Status and actions
              </span>,
            ]}
          >
            {keys.data.items.map((key) => (
              <tr key={key.id} className={key.revoked_at ? 'bg-slate-50 text-slate-600' : undefined}>
                <td className="px-3 py-3">
                  <p className="font-medium text-slate-900">{key.name}</p>
                  <code className="text-xs text-slate-600">{key.prefix}…</code>
                </td>
                <td className="px-3 py-3 capitalize">{key.role}</td>
                <td className="px-3 py-3 tabular-nums md:text-right">{key.rate_limit_per_minute}</td>
                <td className="px-3 py-3">
                  <DateTime value={key.created_at} style="date" />
                  {key.created_by ? <p className="text-xs text-slate-500">by {key.created_by}</p> : null}
                </td>
                <td className="px-3 py-3">
                  {key.last_used_at ? <DateTime value={key.last_used_at} /> : <span>Never</span>}
                </td>
                <td className="px-3 py-3 md:text-right">
                  {key.revoked_at ? (
                    <Badge tone="neutral">
                      Revoked <DateTime value={key.revoked_at} style="date" />
                    </Badge>
                  ) : (
                    <RevokeKey id={key.id} name={key.name} prefix={key.prefix} onDone={refresh} />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      {created ? <CreatedKeyDialog created={created} orgId={orgId} onClose={() => setCreated(null)} /> : null}
    </>
  );
}

function RevokeKey({
  id,
  name,
  prefix,
  onDone,
}: {
  id: string;
  name: string;
  prefix: string;
  onDone: () => void;
}) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      }
      title={`Revoke ${name}?`}
      description={`Requests signed with ${prefix}… fail at once. This cannot be undone.`}
      confirmLabel="Revoke key"
      action={() => apiFetch(revokeApiKeyOperation, { params: { apiKeyId: id } })}
      success={`${name} was revoked`}
      failure="Could not revoke the key"
      describeError={errorText}
      onDone={onDone}
    />
  );
}

interface CreateKeyValues {
  name: string;
  role: ApiKeyRole;
  rate_limit_per_minute: string;
  source: 'generate' | 'upload';
  public_key: string;
}

const createKeySchema = lazySchema(() =>
  import('@/lib/identity/contract/form-schemas').then((m) => m.createApiKey),
);

function CreateKeyDialog({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const dialog = useDialogForm<CreateKeyValues, CreatedKey>({
    schema: createKeySchema,
    defaultValues: {
      name: '',
      role: 'member',
      rate_limit_per_minute: '100',
      source: 'generate',
      public_key: '',
    },
    submit: (values) =>
      apiFetch(createApiKeyOperation, {
        body: {
          name: values.name,
          role: values.role,
          rate_limit_per_minute: Number(values.rate_limit_per_minute),
          ...(values.source === 'upload' ? { public_key: values.public_key } : {}),
        },
      }),
    fields: ['name', 'role', 'rate_limit_per_minute', 'public_key'],
    onDone: onCreated,
  });
  const { form } = dialog;
  const [name, source] = useWatch({ control: form.control, name: ['name', 'source'] });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" changesState>
          Create API key
        </Button>
      }
      title="Create an API key"
      description="The key, its shared secret and a generated private key are shown once, right after this."
      submitLabel="Create key"
      submitDisabled={name.trim() === ''}
      changesState
    >
      <FormField
        control={form.control}
        name="name"
        label="Name"
        hint="What it is for, e.g. “ERP integration”"
      >
        {(field) => <Input maxLength={100} required {...field} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={form.control} name="role" label="Role">
          {(field) => (
            <Select<ApiKeyRole>
              value={field.value}
              onValueChange={field.onChange}
              options={[
                { value: 'member', label: 'Member' },
                { value: 'approver', label: 'Approver' },
              ]}
            />
          )}
        </FormField>
        <FormField control={form.control} name="rate_limit_per_minute" label="Requests per minute">
          {(field) => <Input type="number" inputMode="numeric" min={1} max={100000} {...field} />}
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Signing key</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="generate" className="mt-1" {...form.register('source')} />
          <span>Generate a P-256 key pair for me (the private key is shown once)</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="upload" className="mt-1" {...form.register('source')} />
          <span>Use my own public key (the private key never leaves my systems)</span>
        </label>
      </fieldset>
      {source === 'upload' ? (
        <FormField
          control={form.control}
          name="public_key"
          label="Public key (PEM)"
          hint="An EC P-256 public key: -----BEGIN PUBLIC KEY----- …"
        >
          {(field) => <Textarea rows={5} spellCheck={false} className="font-mono text-xs" {...field} />}
        </FormField>
      ) : null}
    </DialogForm>
  );
}

/** The file the CLI's `sign` and `call` read with `--cred` (the `sandbox bootstrap --json` shape). */
export function credentialsFile(created: CreatedKey, orgId: string, baseUrl: string): string {
  return `${JSON.stringify(
    {
      org_id: orgId,
      api_key_id: created.id,
      api_key: created.api_key,
      shared_secret: created.shared_secret,
      public_key_pem: created.public_key_pem,
      ...(created.private_key_pem ? { private_key_pem: created.private_key_pem } : {}),
      base_url: baseUrl,
    },
    null,
    2,
  )}\n`;
}

function Secret({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = `secret-${label.toLowerCase().replace(/\W+/g, '-')}`;
  const classes = 'block w-full rounded-md border-0 bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100';
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
      {multiline ? (
        <textarea
          id={id}
          readOnly
          rows={6}
          spellCheck={false}
          value={value}
          className={`${classes} resize-none`}
        />
      ) : (
        <input
          id={id}
          readOnly
          spellCheck={false}
          value={value}
          className={classes}
          onFocus={(e) => e.target.select()}
        />
      )}
    </div>
  );
}

function CreatedKeyDialog({
  created,
  orgId,
  onClose,
}: {
  created: CreatedKey;
  orgId: string;
  onClose: () => void;
}) {
  const filename = `${created.prefix.replace(/[^A-Za-z0-9_-]/g, '')}-credentials.json`;
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={`${created.name}: save these now`}
      description="This is the only time they are shown: we keep only a hash of the key and an encrypted secret."
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() =>
              saveBlob(
                new Blob([credentialsFile(created, orgId, window.location.origin)], {
                  type: 'application/json',
                }),
                filename,
              )
            }
          >
            Download credentials file
          </Button>
          <Button onClick={onClose}>I have saved them</Button>
        </>
      }
    >
      <div className="space-y-4">
        <Secret label="API key" value={created.api_key} />
        <Secret label="Shared secret" value={created.shared_secret} />
        {created.private_key_pem ? (
          <Secret label="Private key" value={created.private_key_pem} multiline />
        ) : null}
        <p className="text-xs text-slate-600">
          The credentials file works with the CLI:{' '}
          <code className="break-all">
            npm run --silent cli -- call GET /api/v2/funding/balance --cred {filename}
          </code>
        </p>
      </div>
    </Dialog>
  );
}
