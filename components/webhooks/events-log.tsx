'use client';
// Owns the event log: the organization's public events, newest first, each with the JSON a webhook delivers — so an
// integrator can see what happened and reconcile what an endpoint missed (the same list as GET /api/v2/events).
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { localPageParams } from '@/components/ui/list-params';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/states';
import type { PublicEventWire } from '@/lib/webhooks/contract/schemas';
import { useEvents } from './queries';

const PAGE_SIZE = 20;
const ALL_TYPES = 'all';

const columns: Column<PublicEventWire>[] = [
  {
    key: 'type',
    header: 'Event',
    cell: (event) => (
      <div className="min-w-0">
        <p className="font-mono text-xs text-slate-900">{event.type}</p>
        <p className="font-mono text-[0.7rem] text-slate-500">{event.id}</p>
      </div>
    ),
  },
  { key: 'when', header: 'Created', cell: (event) => <DateTime value={event.created_at} /> },
  {
    key: 'payload',
    header: 'Payload',
    cell: (event) => (
      <details className="max-w-md">
        <summary className="cursor-pointer text-xs text-slate-500">
          {typeof event.data.object.id === 'string' ? `Object ${event.data.object.id}` : 'Object'}
        </summary>
        <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-[0.7rem] text-slate-700">
          {JSON.stringify(event, null, 2)}
        </pre>
      </details>
    ),
  },
];

export function EventsLog({ eventTypes }: { eventTypes: readonly string[] }) {
  const [type, setType] = useState(ALL_TYPES);
  const [page, setPage] = useState(1);
  const events = useEvents({ limit: PAGE_SIZE, page, type: type === ALL_TYPES ? null : type });
  return (
    <Card
      id="event-log"
      title="Event log"
      description="Every event of your organization, newest first, with the body a webhook delivers. Kept at least 30 days: use it (or GET /api/v2/events) to reconcile what an endpoint missed."
    >
      <div className="mb-3 max-w-xs">
        <Field label="Event type">
          <Select
            value={type}
            onValueChange={(value) => {
              setType(value);
              setPage(1);
            }}
            options={[
              { value: ALL_TYPES, label: 'All types' },
              ...eventTypes.map((name) => ({ value: name, label: name })),
            ]}
          />
        </Field>
      </div>
      <DataTable
        caption="Events"
        columns={columns}
        rows={events.data?.items}
        rowKey={(event) => event.id}
        params={localPageParams(page, PAGE_SIZE, setPage)}
        total={events.data?.meta.total}
        pageSizes={[PAGE_SIZE]}
        isPending={events.isPending}
        error={events.error}
        onRetry={() => events.refetch()}
        empty={
          <EmptyState
            title="No events yet"
            description="Events appear as your batches, orders, profiles and withdrawals change."
          />
        }
      />
    </Card>
  );
}
