'use client';
// Owns /settings/webhooks: the organization's endpoints with their status, adding one (its secret shown once), test
// events, rotation, disabling and re-enabling, deletion, and the selected endpoint's delivery log.
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useCan } from '@/components/layout/portal-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyButton } from '@/components/ui/copy-button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { FormCheckbox } from '@/components/ui/form-checkbox';
import { Input } from '@/components/ui/input';
import { useListParams } from '@/components/ui/list-params';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { createWebhookEndpointOperation } from '@/lib/webhooks/contract/routes';
import type { WebhookEndpointWire, WebhookEndpointWithSecretWire } from '@/lib/webhooks/contract/schemas';
import { DeliveryLog } from './delivery-log';
import { EventsLog } from './events-log';
import { useEndpoints, useWebhookMutations } from './queries';

const ALL = '*';

function problemOf(error: unknown): string {
  return error instanceof PayoutApiError ? error.message : 'Something went wrong. Try again.';
}

/** The secret, once, with a copy button and the reason it will not be shown again. */
function SecretDialog({
  secret,
  onClose,
}: {
  secret: WebhookEndpointWithSecretWire | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Signing secret"
      description="Copy it now and store it with your receiver: it is shown only once. Verify every delivery's Payout-Signature with it."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {secret ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            For <span className="font-mono break-all">{secret.url}</span>
          </p>
          <div className="flex items-center gap-2">
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-900"
            >
              {secret.secret}
            </code>
            <CopyButton value={secret.secret} label="Copy signing secret" />
          </div>
          {secret.previous_secret_expires_at ? (
            <p className="text-sm text-slate-600">
              The previous secret keeps signing beside it until{' '}
              {new Date(secret.previous_secret_expires_at).toLocaleString()}.
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

interface EndpointValues {
  url: string;
  description: string;
  all: boolean;
  event_types: string[];
}

const endpointSchema = lazySchema(() =>
  import('@/lib/webhooks/contract/form-schemas').then((m) => m.endpoint),
);

function AddEndpoint({
  eventTypes,
  onCreated,
}: {
  eventTypes: readonly string[];
  onCreated: (e: WebhookEndpointWithSecretWire) => void;
}) {
  const { create } = useWebhookMutations();
  const dialog = useDialogForm({
    schema: endpointSchema,
    defaultValues: { url: '', description: '', all: true, event_types: [] },
    submit: (values: EndpointValues) =>
      create.mutateAsync({
        url: values.url,
        event_types: values.all ? [ALL] : values.event_types,
        ...(values.description ? { description: values.description } : {}),
      }),
    fields: ['url', 'description', 'event_types'],
    onDone: onCreated,
  });
  const { form } = dialog;
  const all = useWatch({ control: form.control, name: 'all' });
  const chosen = useController({ control: form.control, name: 'event_types' });

  return (
    <DialogForm
      {...dialog}
      trigger={<Button changesState>Add endpoint</Button>}
      title="Add a webhook endpoint"
      description="Events are POSTed to this URL, signed with a secret you will see once."
      submitLabel="Add endpoint"
      changesState
    >
      <FormField
        control={form.control}
        name="url"
        label="Endpoint URL"
        hint="https, reachable from the internet"
      >
        {(field) => (
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks/payouts"
            {...field}
          />
        )}
      </FormField>
      <FormField control={form.control} name="description" label="Description (optional)">
        {(field) => <Input maxLength={500} {...field} />}
      </FormField>
      <fieldset
        className="space-y-2"
        aria-describedby={chosen.fieldState.error ? 'event-types-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-700">Events to send</legend>
        <FormCheckbox
          control={form.control}
          name="all"
          label="All events"
          description="Every event type, including ones added later."
        />
        {!all ? (
          <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
            {eventTypes.map((type) => (
              <Checkbox
                key={type}
                checked={chosen.field.value.includes(type)}
                onCheckedChange={(checked) =>
                  chosen.field.onChange(
                    checked
                      ? [...chosen.field.value, type]
                      : chosen.field.value.filter((t: string) => t !== type),
                  )
                }
                label={<span className="font-mono text-xs">{type}</span>}
              />
            ))}
          </div>
        ) : null}
        {chosen.fieldState.error ? (
          <p id="event-types-error" className="text-sm text-red-700">
            {chosen.fieldState.error.message}
          </p>
        ) : null}
      </fieldset>
    </DialogForm>
  );
}

function EndpointCard({
  endpoint,
  selected,
  onSelect,
  onSecret,
}: {
  endpoint: WebhookEndpointWire;
  selected: boolean;
  onSelect: () => void;
  onSecret: (secret: WebhookEndpointWithSecretWire) => void;
}) {
  const { update, remove, rotate, test } = useWebhookMutations();
  const notify = useToast();
  const fail = (error: unknown) => notify({ tone: 'error', title: problemOf(error) });
  const disabled = endpoint.status === 'disabled';
  return (
    <Card
      id={`endpoint-${endpoint.id}`}
      className={selected ? 'ring-2 ring-accent-500' : undefined}
      title={<span className="break-all font-mono text-sm">{endpoint.url}</span>}
      description={endpoint.description ?? undefined}
      action={
        <Badge tone={disabled ? 'danger' : 'success'} className="shrink-0">
          {disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      }
    >
      {disabled ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">This endpoint receives nothing.</p>
          <p className="mt-1" data-testid="disabled-reason">
            {endpoint.disabled_reason ?? 'Disabled.'}
          </p>
        </div>
      ) : null}
      <p className="text-sm text-slate-600">
        Events:{' '}
        {endpoint.event_types.includes(ALL) ? (
          'all'
        ) : (
          <span className="font-mono text-xs">{endpoint.event_types.join(', ')}</span>
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant={selected ? 'primary' : 'secondary'}
          size="sm"
          onClick={onSelect}
          aria-pressed={selected}
        >
          Delivery log
        </Button>
        {disabled ? (
          <Button
            size="sm"
            busy={update.isPending}
            changesState
            onClick={() =>
              update.mutate(
                { id: endpoint.id, enabled: true },
                { onSuccess: () => notify({ tone: 'success', title: 'Endpoint re-enabled' }), onError: fail },
              )
            }
          >
            Re-enable
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              busy={test.isPending}
              changesState
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => {
                    onSelect();
                    notify({
                      tone: 'success',
                      title: 'Test event sent',
                      description: 'Follow it in the delivery log.',
                    });
                  },
                  onError: fail,
                })
              }
            >
              Send test event
            </Button>
            <Button
              variant="secondary"
              size="sm"
              busy={update.isPending}
              changesState
              onClick={() => update.mutate({ id: endpoint.id, enabled: false }, { onError: fail })}
            >
              Disable
            </Button>
          </>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm">
              Rotate secret
            </Button>
          }
          title="Rotate the signing secret?"
          description="A new secret signs every delivery from now on. The current one keeps signing beside it for 24 hours, so you can deploy the new one without missing a delivery."
          confirmLabel="Rotate"
          destructive={false}
          busy={rotate.isPending}
          onConfirm={() => rotate.mutate(endpoint.id, { onSuccess: onSecret, onError: fail })}
        />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              Delete
            </Button>
          }
          title="Delete this endpoint?"
          description="Nothing more is sent to it, and its delivery log is deleted with it."
          confirmLabel="Delete endpoint"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(endpoint.id, {
              onSuccess: () => notify({ tone: 'success', title: 'Endpoint deleted' }),
              onError: fail,
            })
          }
        />
      </div>
    </Card>
  );
}

export function WebhooksSettings({ eventTypes }: { eventTypes: readonly string[] }) {
  const mayManage = useCan(createWebhookEndpointOperation);
  const endpoints = useEndpoints();
  const params = useListParams({ defaultLimit: 25 });
  const [secret, setSecret] = useState<WebhookEndpointWithSecretWire | null>(null);

  if (!mayManage) {
    return (
      <Card>
        <EmptyState
          title="Only admins manage webhooks"
          description="Ask an admin of your organization to add or change endpoints."
        />
      </Card>
    );
  }

  const items = endpoints.data?.items ?? [];
  const selectedId = params.get('endpoint') ?? items[0]?.id ?? null;
  const selected = items.find((endpoint) => endpoint.id === selectedId) ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Every change to your batches, orders, profiles, withdrawals and balance is sent to your endpoints as
          a signed event. See the{' '}
          <a className="font-medium text-slate-900 underline" href="/docs/signing#webhooks">
            signing guide
          </a>{' '}
          to verify them.
        </p>
        <AddEndpoint
          eventTypes={eventTypes}
          onCreated={(created) => {
            setSecret(created);
            params.set({ endpoint: created.id });
          }}
        />
      </div>

      {endpoints.isPending ? (
        <LoadingBlock label="Loading webhook endpoints" />
      ) : endpoints.isError ? (
        <ErrorState
          title="Could not load the endpoints"
          error={endpoints.error}
          onRetry={() => endpoints.refetch()}
        />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            title="No endpoints yet"
            description="Add an endpoint to receive events as they happen, instead of polling."
          />
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {items.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              selected={endpoint.id === selected?.id}
              onSelect={() => params.set({ endpoint: endpoint.id })}
              onSecret={setSecret}
            />
          ))}
        </div>
      )}

      {selected ? <DeliveryLog endpoint={selected} params={params} /> : null}
      <EventsLog eventTypes={eventTypes} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
