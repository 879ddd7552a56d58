'use client';
// Owns the balance card: available (spendable now) and held (reserved for confirmed batches and withdrawals) USDT.
import { Card } from '@/components/ui/card';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { Tooltip } from '@/components/ui/tooltip';
import { useBalance } from './queries';

const FIGURES = [
  ['available', 'Available', 'Spendable now: confirming batches and withdrawals draw on it.'],
  [
    'held',
    'Held',
    'Reserved for confirmed batches and pending withdrawals until they settle or are released.',
  ],
  ['total', 'Total', 'Available plus held.'],
] as const;

export function BalanceCard({ action }: { action?: React.ReactNode }) {
  const balance = useBalance();
  return (
    <Card id="balance" title="USDT balance" action={action}>
      {balance.isPending ? (
        <div role="status" aria-label="Loading the balance" className="grid gap-4 sm:grid-cols-3">
          {FIGURES.map(([key]) => (
            <Skeleton key={key} className="h-12" />
          ))}
        </div>
      ) : balance.isError ? (
        <ErrorState
          title="Could not load the balance"
          error={balance.error}
          onRetry={() => balance.refetch()}
        />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          {FIGURES.map(([key, label, help]) => (
            <div key={key} className="min-w-0 rounded-md bg-slate-50 px-4 py-3">
              <dt className="flex items-center gap-1 text-xs font-medium uppercase tracking-wide text-slate-600">
                {label}
                <Tooltip content={help}>
                  <button
                    type="button"
                    aria-label={`About the ${label.toLowerCase()} balance`}
                    className="grid size-4 place-items-center rounded-full border border-slate-300 text-[10px] text-slate-500"
                  >
                    ?
                  </button>
                </Tooltip>
              </dt>
              <dd
                className="mt-1 break-all text-xl font-semibold text-slate-900 sm:text-lg xl:text-xl"
                data-testid={`balance-${key}`}
              >
                <Money amount={balance.data[key]} currency="USDT" className="whitespace-normal" />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
