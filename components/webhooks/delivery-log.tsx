'use client';
// Owns an endpoint's delivery log: each delivery's event, status, attempts, answer, latency, response excerpt and
// next attempt, newest first, with a re-send per row.
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import type { ListParams } from '@/components/ui/list-params';
import { EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';
import type { WebhookDeliveryWire, WebhookEndpointWire } from '@/lib/webhooks/contract/schemas';
import { useDeliveries, useWebhookMutations } from './queries';

const STATUS: Record<WebhookDeliveryWire['status'], { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Retrying' },
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};

function statusOf(delivery: WebhookDeliveryWire): { tone: BadgeTone; label: string } {
  if (delivery.status === 'pending' && delivery.attempts === 0) return { tone: 'info', label: 'Queued' };
  return STATUS[delivery.status];
}

function ResendButton({ delivery, disabled }: { delivery: WebhookDeliveryWire; disabled: boolean }) {
  const { resend } = useWebhookMutations();
  const notify = useToast();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={disabled}
      busy={resend.isPending}
      changesState
      aria-label={`Re-send ${delivery.event_type} ${delivery.event_id}`}
      onClick={() =>
        resend.mutate(delivery.id, {
          onSuccess: () =>
            notify({ tone: 'success', title: 'Re-sent', description: 'Same event id, same body.' }),
          onError: (error) =>
            notify({
              tone: 'error',
              title: error instanceof PayoutApiError ? error.message : 'Could not re-send',
            }),
        })
      }
    >
      Re-send
    </Button>
  );
}

export function DeliveryLog({ endpoint, params }: { endpoint: WebhookEndpointWire; params: ListParams }) {
  const deliveries = useDeliveries(endpoint.id, { limit: params.limit, page: params.page });
  const disabled = endpoint.status === 'disabled';
  const columns: Column<WebhookDeliveryWire>[] = [
    {
      key: 'event',
      header: 'Event',
      cell: (delivery) => (
        <div className="min-w-0">
          <p className="font-mono text-xs text-slate-900">{delivery.event_type}</p>
          <p className="font-mono text-[0.7rem] text-slate-500">{delivery.event_id}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (delivery) => {
        const status = statusOf(delivery);
        return <Badge tone={status.tone}>{status.label}</Badge>;
      },
    },
    {
      // Count, last and next attempt in one column, so the row fits a laptop screen with Re-send in view.
      key: 'attempts',
      header: 'Attempts',
      cell: (delivery) => (
        <div className="space-y-0.5 text-xs text-slate-700">
          <p className="tabular-nums text-slate-900">{delivery.attempts}</p>
          {delivery.last_attempt_at ? (
            <p>
              Last <DateTime value={delivery.last_attempt_at} />
            </p>
          ) : null}
          {delivery.next_attempt_at ? (
            <p>
              Next <DateTime value={delivery.next_attempt_at} />
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'response',
      header: 'Response',
      cell: (delivery) => (
        <div className="max-w-xs space-y-1">
          <p className="text-xs text-slate-900">
            {delivery.last_response_status !== null
              ? `HTTP ${delivery.last_response_status}`
              : (delivery.last_error ?? '—')}
            {delivery.last_latency_ms !== null ? (
              <span className="text-slate-500"> · {delivery.last_latency_ms} ms</span>
            ) : null}
          </p>
          {delivery.last_response_body ? (
            <details>
              <summary className="cursor-pointer text-xs text-slate-500">Response body</summary>
              <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-[0.7rem] text-slate-700">
                {delivery.last_response_body}
              </pre>
            </details>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (delivery) => <ResendButton delivery={delivery} disabled={disabled} />,
    },
  ];
  return (
    <Card
      id="delivery-log"
      title="Delivery log"
      description={
        <>
          <span className="break-all font-mono">{endpoint.url}</span> — failed deliveries are retried with
          backoff for 3 days. Deliveries may arrive more than once and out of order: deduplicate on the event
          id.
        </>
      }
    >
      <DataTable
        caption={`Deliveries to ${endpoint.url}`}
        columns={columns}
        rows={deliveries.data?.items}
        rowKey={(delivery) => delivery.id}
        params={params}
        total={deliveries.data?.meta.total}
        isPending={deliveries.isPending}
        error={deliveries.error}
        onRetry={() => deliveries.refetch()}
        empty={<EmptyState title="No deliveries yet" description="Send a test event to see one arrive." />}
      />
    </Card>
  );
}
