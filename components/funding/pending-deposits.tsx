'use client';
// Owns the list of USDT transfers seen on chain and not yet credited (EVM custody): each with "n of N confirmations",
// so a client who just sent USDT sees it arrive before it reaches the balance. Shows nothing when there are none.
import { Badge } from '@/components/ui/badge';
import { formatUsdt } from '@/lib/platform/money/currencies';
import { usePendingDeposits } from './queries';

export function PendingDeposits() {
  const pending = usePendingDeposits();
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="mt-4 border-t border-slate-100 pt-4" aria-labelledby="pending-deposits-title">
      <h3 id="pending-deposits-title" className="text-sm font-semibold text-slate-900">
        Arriving
      </h3>
      <ul className="mt-2 space-y-2" data-testid="pending-deposits">
        {items.map((deposit) => (
          <li key={deposit.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium text-slate-900">{formatUsdt(deposit.amount)} USDT</span>
            <span
              className="min-w-0 flex-1 truncate font-mono text-xs text-slate-500"
              title={deposit.transaction_hash}
            >
              {deposit.transaction_hash}
            </span>
            <span data-testid="confirmations">
              <Badge tone="info">
                {deposit.confirmations} of {deposit.required_confirmations} confirmations
              </Badge>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        Credited to your available balance once it has all its confirmations on the network.
      </p>
    </section>
  );
}
