'use client';
// Owns what the senders and beneficiaries lists share: the status filter, the columns every profile list
// shows (name linking to its page, reference, status, created), and the table with its empty state and register
// action. Each list keeps its own filters and kind-specific columns.
import type { UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import type { ListParams } from '@/components/ui/list-params';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/states';
import { PROFILE_STATUSES, type ProfileKind } from '@/lib/profiles/contract/enums';
import type { BeneficiaryWire, SenderWire } from '@/lib/profiles/contract/schemas';
import { PROFILE_PATHS } from './profile-frame';

type AnyProfile = SenderWire | BeneficiaryWire;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...PROFILE_STATUSES.map((status) => ({
    value: status,
    label: {
      draft: 'Draft',
      in_review: 'In review',
      ready: 'Ready',
      rejected: 'Rejected',
      action_required: 'Action required',
    }[status],
  })),
];

/** The status filter every profile list has, kept in the URL. */
export function StatusFilter({ params, className }: { params: ListParams; className: string }) {
  return (
    <div className={className}>
      <Select
        aria-label="Filter by status"
        value={params.get('status') ?? 'all'}
        onValueChange={(value) => params.set({ status: value === 'all' ? null : value })}
        options={STATUS_OPTIONS}
      />
    </div>
  );
}

/** The columns every profile list shows; `nameKey` is the wire field that names the kind (the sort key). */
export function profileColumns<P extends AnyProfile>(
  kind: ProfileKind,
  nameKey: string,
  nameOf: (row: P) => string,
) {
  const name: Column<P> = {
    key: nameKey,
    header: 'Name',
    sortValue: nameOf,
    cell: (row) => (
      <Link href={`${PROFILE_PATHS[kind]}/${row.id}`} className="font-medium text-accent-700 hover:underline">
        {nameOf(row)}
      </Link>
    ),
  };
  const reference: Column<P> = {
    key: 'client_reference',
    header: 'Reference',
    sortValue: (row) => row.client_reference ?? '',
    cell: (row) => row.client_reference ?? <span className="text-slate-400">—</span>,
  };
  const status: Column<P> = {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge kind="profile" status={row.status} />,
  };
  const created: Column<P> = {
    key: 'created_at',
    header: 'Created',
    sortValue: (row) => row.created_at,
    cell: (row) => <DateTime value={row.created_at} />,
  };
  return { name, reference, status, created };
}

/** One page of a profile list, or its empty state with the way to register the first one. */
export function ProfileTable<P extends AnyProfile>({
  kind,
  caption,
  columns,
  query,
  params,
  empty,
}: {
  kind: ProfileKind;
  caption: string;
  columns: Column<P>[];
  query: UseQueryResult<{ items: P[]; meta: { total: number } }, Error>;
  params: ListParams;
  empty: { title: string; description: string; action: string };
}) {
  return (
    <DataTable
      caption={caption}
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
          title={empty.title}
          description={empty.description}
          action={
            <Button asChild changesState>
              <Link href={`${PROFILE_PATHS[kind]}/new`}>{empty.action}</Link>
            </Button>
          }
        />
      }
    />
  );
}
