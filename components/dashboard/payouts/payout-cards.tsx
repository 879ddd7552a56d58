'use client';
// Owns the dashboard's two payout cards: completed volume per day for 30 days by currency (the chart loads on
// demand) and the share of orders completed, failed and expired, each linking to the filtered batches list. Both come
// from one server aggregate (GET /orders/summary), whatever the organization's number of orders.
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { type OrderSummary, useOrderSummary } from '@/components/payouts/api';
import { Card } from '@/components/ui/card';
import { useLocale } from '@/components/ui/locale';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { formatMoney } from '@/lib/platform/format';
import { dec } from '@/lib/platform/money/decimal';
import { currenciesOf, finishedOutcomes, volumeByDay } from './outcomes';

const VolumeChart = dynamic(() => import('./volume-chart').then((m) => m.VolumeChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

const DAYS = 30;

/** The last 30 UTC days, today included: [start of the first day, start of tomorrow), stable through the day. */
function usePeriod(): { from: string; to: string; fromDay: string } {
  return useMemo(() => {
    const end = new Date();
    end.setUTCHours(0, 0, 0, 0);
    end.setUTCDate(end.getUTCDate() + 1);
    const start = new Date(end);
    start.setUTCDate(start.getUTCDate() - DAYS);
    return { from: start.toISOString(), to: end.toISOString(), fromDay: start.toISOString().slice(0, 10) };
  }, []);
}

export function PayoutCards() {
  const { from, to, fromDay } = usePeriod();
  const orders = useOrderSummary(from, to);
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card
        id="payout-volume"
        title="Payouts completed, last 30 days"
        description="Amount of completed orders per day they were created (UTC), by currency."
      >
        {orders.isPending ? (
          <div role="status" aria-label="Loading payout volume">
            <Skeleton className="h-56 w-full" />
          </div>
        ) : orders.isError ? (
          <ErrorState title="Could not load payouts" error={orders.error} onRetry={() => orders.refetch()} />
        ) : (
          <Volume summary={orders.data} />
        )}
      </Card>
      <Card
        id="payout-outcomes"
        title="Order outcomes, last 30 days"
        description="Finished orders of batches you confirmed."
      >
        {orders.isPending ? (
          <div role="status" aria-label="Loading order outcomes">
            <Skeleton className="h-32 w-full" />
          </div>
        ) : orders.isError ? (
          <ErrorState
            title="Could not load order outcomes"
            error={orders.error}
            onRetry={() => orders.refetch()}
          />
        ) : (
          <OutcomeShare summary={orders.data} fromDay={fromDay} />
        )}
      </Card>
    </div>
  );
}

function Volume({ summary }: { summary: OrderSummary }) {
  const { locale } = useLocale();
  const volume = useMemo(() => volumeByDay(summary.volume, DAYS, new Date()), [summary]);
  const currencies = useMemo(() => currenciesOf(volume), [volume]);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);
  if (!currency) {
    return <EmptyState title="No completed payouts in the last 30 days" />;
  }
  const total = volume.reduce((sum, day) => sum.plus(day.amounts[currency] ?? '0'), dec('0'));
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Currency</legend>
        {currencies.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === currency}
            onClick={() => setChosen(c)}
            className={
              c === currency
                ? 'rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold text-white'
                : 'rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-200'
            }
          >
            {c}
          </button>
        ))}
      </fieldset>
      <p className="text-sm text-slate-700">
        {formatMoney(total.toFixed(), currency, { locale })} in 30 days
      </p>
      <VolumeChart volume={volume} currency={currency} />
    </div>
  );
}

function OutcomeShare({ summary, fromDay }: { summary: OrderSummary; fromDay: string }) {
  const o = finishedOutcomes(summary.outcomes);
  if (o.finished === 0) return <EmptyState title="No finished orders in the last 30 days" />;
  const rows = [
    { key: 'completed', label: 'Completed', count: o.completed, status: 'COMPLETED', bar: 'bg-emerald-500' },
    { key: 'failed', label: 'Failed', count: o.failed, status: 'FAILED', bar: 'bg-red-500' },
    {
      key: 'expired',
      label: 'Expired or cancelled',
      count: o.expired,
      status: 'CANCELLED_EXPIRED',
      bar: 'bg-slate-400',
    },
  ];
  return (
    <ul className="space-y-3" aria-label="Order outcomes">
      {rows.map((row) => {
        const share = Math.round((row.count / o.finished) * 1000) / 10;
        return (
          <li key={row.key}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <Link
                href={`/batches?status=${row.status}&from=${fromDay}`}
                className="font-medium text-accent-700 hover:underline"
              >
                {row.label}
              </Link>
              <span className="tabular-nums text-slate-700">
                {row.count.toLocaleString()} · {share}%
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div className={`h-2 rounded-full ${row.bar}`} style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
