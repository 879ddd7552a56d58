'use client';
// Owns the recent activity card: the latest ledger movements of the funding balance, what they did to available and held.
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { FundingTransactionWire } from '@/lib/funding/contract/schemas';
import { useRecentActivity } from './queries';

const TYPE_LABELS: Record<FundingTransactionWire['type'], string> = {
  deposit: 'Deposit',
  batch_hold: 'Batch confirmed',
  batch_hold_release: 'Batch hold released',
  settlement_sweep: 'Sent for settlement',
  payout_paid: 'Payout paid',
  payout_returned: 'Payout returned',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_release: 'Withdrawal released',
  withdrawal_sent: 'Withdrawal sent',
  adjustment: 'Adjustment',
};

function Change({ label, value }: { label: string; value: string }) {
  if (/^-?0(\.0+)?$/.test(value)) return null;
  const negative = value.startsWith('-');
  return (
    <div className={negative ? 'text-slate-700' : 'text-emerald-700'}>
      <span className="mr-1.5 text-xs text-slate-500">{label}</span>
      <Money amount={value} currency="USDT" signDisplay="exceptZero" />
    </div>
  );
}

export function RecentActivityCard() {
  const activity = useRecentActivity();
  return (
    <Card
      id="recent-activity"
      title="Recent activity"
      description="Movements of your USDT balance, newest first."
    >
      {activity.isPending ? (
        <LoadingBlock label="Loading recent activity" lines={5} />
      ) : activity.isError ? (
        <ErrorState
          title="Could not load recent activity"
          error={activity.error}
          onRetry={() => activity.refetch()}
        />
      ) : activity.data.items.length === 0 ? (
        <EmptyState title="No movements yet" description="Fund your balance to get started." />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent movements">
          {activity.data.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{TYPE_LABELS[item.type] ?? item.type}</p>
                <p className="truncate text-xs text-slate-500">
                  {item.description} · <DateTime value={item.created_at} />
                </p>
              </div>
              <div className="space-y-0.5 text-right text-sm">
                <Change label="Available" value={item.available_change} />
                <Change label="Held" value={item.held_change} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
