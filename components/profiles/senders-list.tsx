'use client';
// Owns the senders list: status filter and page in the URL, status badges, and the way to register one.
import Link from 'next/link';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/states';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { PROFILE_STATUSES, type ProfileStatus } from '@/lib/profiles/contract/enums';
import { listSendersOperation } from '@/lib/profiles/contract/routes';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import { countryName } from './country-select';

export const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...PROFILE_STATUSES.map((status) => ({
    value: status,
    label: { draft: 'Draft', in_review: 'In review', ready: 'Ready', rejected: 'Rejected' }[status],
  })),
];

const columns: Column<SenderWire>[] = [
  {
    key: 'legal_name',
    header: 'Name',
    sortValue: (row) => row.legal_name,
    cell: (row) => (
      <Link href={`/senders/${row.id}`} className="font-medium text-accent-700 hover:underline">
        {row.legal_name}
      </Link>
    ),
  },
  {
    key: 'client_reference',
    header: 'Reference',
    sortValue: (row) => row.client_reference ?? '',
    cell: (row) => row.client_reference ?? <span className="text-slate-400">—</span>,
  },
  {
    key: 'type',
    header: 'Type',
    cell: (row) => (row.type === 'company' ? 'Company' : 'Individual'),
  },
  { key: 'country', header: 'Country', cell: (row) => countryName(row.country) },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge kind="profile" status={row.status} /> },
  {
    key: 'created_at',
    header: 'Created',
    sortValue: (row) => row.created_at,
    cell: (row) => <DateTime value={row.created_at} />,
  },
];

export function SendersList() {
  const params = useListParams();
  const status = params.get('status') as ProfileStatus | null;
  const query = useApiQuery(listSendersOperation, {
    query: { limit: String(params.limit), page: String(params.page), ...(status ? { status } : {}) },
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <Select
            aria-label="Filter by status"
            value={status ?? 'all'}
            onValueChange={(value) => params.set({ status: value === 'all' ? null : value })}
            options={STATUS_OPTIONS}
          />
        </div>
      </div>
      <DataTable
        caption="Senders"
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        params={params}
        total={query.data?.meta.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        empty={
          <EmptyState
            title={status ? 'No senders in this status' : 'No senders yet'}
            description="A sender is the entity of your organization that pays. It needs a KYB/KYC review before payouts can use it."
            action={
              <Button asChild changesState>
                <Link href="/senders/new">Register a sender</Link>
              </Button>
            }
          />
        }
      />
    </div>
  );
}
