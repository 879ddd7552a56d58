'use client';
// Owns the withdrawals list: filters and paging kept in the URL, the table, and the detail drawer.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Table } from '@/components/ui/table';
import { WITHDRAWAL_STATUSES } from '@/lib/enums/liquidity';
import { formatTime, groupAmount, shorten } from './format';
import { PAGE_SIZES, Pagination } from './pagination';
import { useChains, useWithdrawals } from './queries';
import { StatusBadge } from './status-badge';
import { WithdrawalDrawer } from './withdrawal-drawer';

function positive(value: string | null, fallback: number): number {
  return value && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : fallback;
}

export function WithdrawalsView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const page = positive(params.get('page'), 1);
  const limitParam = positive(params.get('limit'), 50);
  const limit = (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : 50;
  const status = WITHDRAWAL_STATUSES.find((value) => value === params.get('status')) ?? '';
  const chain = params.get('chain') ?? '';
  const selected = params.get('withdrawal');

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  const chains = useChains();
  const chainName = useMemo(() => {
    const names = new Map((chains.data?.items ?? []).map((item) => [item.id, item.name]));
    return (id: string) => names.get(id) ?? '—';
  }, [chains.data]);

  const withdrawals = useWithdrawals({
    limit: String(limit),
    page: String(page),
    ...(status ? { status } : {}),
    ...(chain ? { chainId: chain } : {}),
  });
  const open = withdrawals.data?.items.find((item) => item.id === selected);
  const select = 'mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

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
                  {value}
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

      {withdrawals.isError ? (
        <FormError>Could not load withdrawals: {withdrawals.error.message}</FormError>
      ) : (
        <Table
          columns={['Created', 'Amount', 'Chain', 'To address', 'Status', 'Transaction', '']}
          caption="Withdrawals"
        >
          {withdrawals.isPending ? (
            <tr>
              <td colSpan={7} className="px-3 py-6 text-center text-sm text-slate-500" role="status">
                Loading withdrawals…
              </td>
            </tr>
          ) : withdrawals.data.items.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-6 text-center text-sm text-slate-500">
                No withdrawals match.
              </td>
            </tr>
          ) : (
            withdrawals.data.items.map((item) => (
              <tr key={item.id} data-testid="withdrawal-row">
                <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600">
                  {formatTime(item.created_at)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-mono">
                  {groupAmount(item.amount)} USDT
                </td>
                <td className="px-3 py-2">{chainName(item.chain_id)}</td>
                <td className="px-3 py-2 font-mono text-xs">{shorten(item.wallet_address, 6)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={item.status} subStatus={item.sub_status} />
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  {item.transaction_hash ? shorten(item.transaction_hash, 6) : '—'}
                </td>
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    onClick={() => update({ withdrawal: item.id })}
                    className="text-sm font-medium text-accent-700 hover:underline"
                    aria-label={`Details of the withdrawal of ${groupAmount(item.amount)} USDT on ${formatTime(item.created_at)}`}
                  >
                    Details
                  </button>
                </td>
              </tr>
            ))
          )}
        </Table>
      )}
      {withdrawals.data ? (
        <Pagination
          page={page}
          limit={limit}
          total={withdrawals.data.meta.total}
          noun="withdrawals"
          onChange={(next) => update({ page: next.page ?? page, limit: next.limit ?? limit })}
        />
      ) : null}
      {open ? (
        <WithdrawalDrawer
          withdrawal={open}
          chainName={chainName(open.chain_id)}
          onClose={() => update({ withdrawal: null })}
        />
      ) : null}
    </section>
  );
}
