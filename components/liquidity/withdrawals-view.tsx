'use client';
// Owns the withdrawals list: filters and paging kept in the URL (each step a history entry, so Back returns to the
// previous page of the list), the table, and the detail drawer.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { StatusBadge, statusLabel } from '@/components/ui/badge';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { type ListParams, PAGE_SIZES } from '@/components/ui/list-params';
import { Money } from '@/components/ui/money';
import { WITHDRAWAL_STATUSES } from '@/lib/liquidity/contract/enums';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { formatDate, formatMoney, shortenMiddle } from '@/lib/platform/format';
import { useChains, useWithdrawalDestination, useWithdrawals } from './queries';
import { WithdrawalDrawer } from './withdrawal-drawer';

function positive(value: string | null, fallback: number): number {
  return value && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : fallback;
}

export function WithdrawalsView() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const page = positive(search.get('page'), 1);
  const limitParam = positive(search.get('limit'), 50);
  const limit = (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : 50;
  const status = WITHDRAWAL_STATUSES.find((value) => value === search.get('status')) ?? '';
  const chain = search.get('chain') ?? '';
  const selected = search.get('withdrawal');

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      const next = new URLSearchParams(search.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
          next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [search, pathname, router],
  );

  // The shared pagination speaks ListParams; here every change is a history entry (push), not a replace.
  const params = useMemo<ListParams>(
    () => ({
      page,
      limit,
      sort: null,
      get: (name) => search.get(name),
      set: (changes) => update('page' in changes ? changes : { ...changes, page: null }),
      apiQuery: () => '',
    }),
    [page, limit, search, update],
  );

  const chains = useChains();
  const chainName = useMemo(() => {
    const names = new Map((chains.data?.items ?? []).map((item) => [item.id, item.name]));
    return (id: string) => names.get(id) ?? '—';
  }, [chains.data]);

  const destination = useWithdrawalDestination();
  const withdrawals = useWithdrawals({
    limit: String(limit),
    page: String(page),
    ...(status ? { status } : {}),
    ...(chain ? { chainId: chain } : {}),
  });
  const open = withdrawals.data?.items.find((item) => item.id === selected);
  const select = 'mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

  const columns: Column<WithdrawalWire>[] = [
    { key: 'created_at', header: 'Created', cell: (item) => <DateTime value={item.created_at} /> },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (item) => <Money amount={item.amount} currency="USDT" />,
    },
    { key: 'chain', header: 'Chain', cell: (item) => chainName(item.chain_id) },
    {
      // People recognise their wallets by label; the address stays one hover away.
      key: 'to',
      header: 'To wallet',
      cell: (item) => <span title={item.wallet_address}>{destination(item).label}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (item) => <StatusBadge kind="withdrawal" status={item.status} detail={item.sub_status} />,
    },
    {
      key: 'transaction',
      header: 'Transaction',
      cell: (item) =>
        item.transaction_hash ? (
          <span className="font-mono text-xs" title={item.transaction_hash}>
            {shortenMiddle(item.transaction_hash, 6)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (item) => (
        <button
          type="button"
          onClick={() => update({ withdrawal: item.id })}
          className="text-sm font-medium text-accent-700 hover:underline"
          aria-label={`Details of the withdrawal of ${formatMoney(item.amount, 'USDT')} on ${formatDate(item.created_at)}`}
        >
          Details
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="withdrawals-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="withdrawals-heading" className="text-base font-semibold text-slate-900">
          Withdrawals
        </h2>
        <div className="flex flex-wrap gap-3">
          <label className="text-sm font-medium text-slate-700">
            Status
            <select
              value={status}
              onChange={(event) => update({ status: event.target.value, page: 1 })}
              className={select}
            >
              <option value="">All statuses</option>
              {WITHDRAWAL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Chain
            <select
              value={chain}
              onChange={(event) => update({ chain: event.target.value, page: 1 })}
              className={select}
            >
              <option value="">All chains</option>
              {(chains.data?.items ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <DataTable
        caption="Withdrawals"
        columns={columns}
        rows={withdrawals.data?.items}
        rowKey={(item) => item.id}
        rowTestId="withdrawal-row"
        params={params}
        total={withdrawals.data?.meta.total}
        isPending={withdrawals.isPending}
        error={withdrawals.error}
        onRetry={() => withdrawals.refetch()}
        empty={<p className="px-3 py-6 text-center text-sm text-slate-500">No withdrawals match.</p>}
      />
      {open ? (
        <WithdrawalDrawer
          withdrawal={open}
          chainName={chainName(open.chain_id)}
          walletLabel={destination(open).label}
          onClose={() => update({ withdrawal: null })}
        />
      ) : null}
    </section>
  );
}
