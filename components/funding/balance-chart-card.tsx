'use client';
// Owns the 30-day balance chart card: the data from GET /funding/balance/history, the chart library loaded only here.
import dynamic from 'next/dynamic';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useBalanceHistory } from './queries';

// recharts is large: it loads with this card, after the page, never in the first-load bundle.
const BalanceChart = dynamic(() => import('./balance-chart').then((m) => m.BalanceChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

export function BalanceChartCard() {
  const history = useBalanceHistory(30);
  return (
    <Card
      id="balance-chart"
      title="Balance, last 30 days"
      description="Available and held USDT at the end of each day (UTC)."
    >
      {history.isPending ? (
        <div role="status" aria-label="Loading the balance history">
          <Skeleton className="h-56 w-full" />
        </div>
      ) : history.isError ? (
        <ErrorState
          title="Could not load the balance history"
          error={history.error}
          onRetry={() => history.refetch()}
        />
      ) : (
        <BalanceChart items={history.data.items} />
      )}
    </Card>
  );
}
