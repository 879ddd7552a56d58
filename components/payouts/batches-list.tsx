'use client';
// Owns the batches list: status, date and reference filters and the page all in the URL (a link shows the same
// rows), and the orders export (CSV) for a period.
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { StatusBadge, statusLabel } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { useListParams } from '@/components/ui/list-params';
import { Money } from '@/components/ui/money';
import { startOfLocalDay } from '@/components/ui/period';
import { PeriodDownload } from '@/components/ui/period-download';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/states';
import { BATCH_STATUSES, type BatchStatus } from '@/lib/payouts/contract/enums';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { type Batch, type BatchListQuery, downloadOrdersExport, useBatches } from './api';

function isBatchStatus(value: string): value is BatchStatus {
  return (BATCH_STATUSES as readonly string[]).includes(value);
}

const referenceSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.batchReference),
);

const columns: Column<Batch>[] = [
  {
    key: 'reference',
    header: 'Batch',
    cell: (batch) => (
      <Link href={`/batches/${batch.id}`} className="font-medium text-accent-700 hover:underline">
        {batch.client_reference ?? `Batch ${batch.id.slice(0, 8)}`}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (batch) => <StatusBadge kind="batch" status={batch.status} /> },
  {
    key: 'orders',
    header: 'Orders',
    cell: (batch) => (
      <span className="tabular-nums">
        {batch.completed_count}/{batch.total_count} done
        {batch.failed_count ? <span className="text-red-700"> · {batch.failed_count} failed</span> : null}
      </span>
    ),
  },
  {
    key: 'total',
    header: 'Total (USDT)',
    align: 'right',
    cell: (batch) => <Money amount={batch.source_amount_total} currency="USDT" />,
  },
  {
    key: 'created',
    header: 'Created',
    cell: (batch) => <DateTime value={batch.created_at} />,
  },
];

export function BatchesList() {
  const params = useListParams({ defaultLimit: 25 });
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const reference = params.get('reference') ?? '';
  // The reference is typed, then searched; the other filters apply as they are chosen (all live in the URL).
  const form = useForm<{ reference: string }>({
    resolver: useLazyResolver<{ reference: string }>(referenceSchema),
    values: { reference },
  });
  const query: BatchListQuery = {
    limit: String(params.limit),
    page: String(params.page),
    status: isBatchStatus(status) ? status : undefined,
    client_reference: reference || undefined,
    created_from: from ? startOfLocalDay(from) : undefined,
    created_to: to ? startOfLocalDay(to, 1) : undefined,
  };
  const batches = useBatches(query);
  const filtered = Boolean(status || from || to || reference);

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <Form
          form={form}
          summary={false}
          className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12.5rem,1.2fr)_1fr_1fr_1.5fr_auto]"
          onSubmit={(values) => params.set({ reference: values.reference || null })}
        >
          <Field label="Status">
            <StatusSelect value={status} onChange={(value) => params.set({ status: value || null })} />
          </Field>
          <Field label="Created from">
            <Input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => params.set({ from: e.target.value || null })}
            />
          </Field>
          <Field label="Created to">
            <Input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => params.set({ to: e.target.value || null })}
            />
          </Field>
          <FormField control={form.control} name="reference" label="Find by batch reference">
            {(field) => <Input type="search" placeholder="Exact reference" {...field} />}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              Search
            </Button>
            {filtered ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  form.reset({ reference: '' });
                  params.set({ status: null, from: null, to: null, reference: null });
                }}
              >
                Clear
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>

      <DataTable
        caption="Batches"
        columns={columns}
        rows={batches.data?.items}
        rowKey={(batch) => batch.id}
        params={params}
        total={batches.data?.meta.total}
        isPending={batches.isPending}
        error={batches.error}
        onRetry={() => void batches.refetch()}
        empty={
          <EmptyState
            title={filtered ? 'No batch matches these filters' : 'No batches yet'}
            description={
              filtered ? 'Change or clear the filters.' : 'Create a batch to pay your beneficiaries.'
            }
            action={
              filtered ? undefined : (
                <Button asChild changesState>
                  <Link href="/batches/new">New batch</Link>
                </Button>
              )
            }
          />
        }
      />
      <ExportOrders />
    </div>
  );
}

function StatusSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Select
      value={value || 'any'}
      onValueChange={(next) => onChange(next === 'any' ? '' : next)}
      options={[
        { value: 'any', label: 'Any status' },
        ...BATCH_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
      ]}
    />
  );
}

function ExportOrders() {
  return (
    <PeriodDownload
      title="Export orders"
      description="A CSV of every order created in the period (both days included, in your timezone), for your accounting."
      fromLabel="Export from"
      toLabel="Export to"
      download={({ from, to, fromDay, toDay }) =>
        downloadOrdersExport({ from, to }, `orders-${fromDay}-to-${toDay}.csv`)
      }
      success="Export downloaded"
      failure="Export failed"
    />
  );
}
