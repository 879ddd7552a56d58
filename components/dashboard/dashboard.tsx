'use client';
// Owns the dashboard's arrangement: balance first, then funding, what needs action, the chart and recent activity.
import { useOrganization } from '@/components/layout/use-organization';
import { PayoutCards } from '@/components/payouts/dashboard/payout-cards';
import { EmptyState } from '@/components/ui/states';
import { BalanceCard } from './balance-card';
import { BalanceChartCard } from './balance-chart-card';
import { BatchesNeedingAction } from './batches-needing-action';
import { FundingAddressesCard } from './funding-addresses-card';
import { RecentActivityCard } from './recent-activity-card';
import { SimulateDeposit } from './simulate-deposit';

export function Dashboard() {
  const organization = useOrganization();
  // The funding balance belongs to the payouts product; an organization without it has nothing to show here yet.
  if (organization.data && !organization.data.entitlements.includes('payouts')) {
    return (
      <EmptyState
        className="rounded-lg border border-slate-200 bg-white"
        title="No funding balance for this organization"
        description="Your organization does not use payouts, so it holds no USDT funding balance. Use the menu to reach your products."
      />
    );
  }
  return (
    <div className="space-y-6">
      <BalanceCard action={<SimulateDeposit />} />
      <BatchesNeedingAction />
      <PayoutCards />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <BalanceChartCard />
          <FundingAddressesCard />
        </div>
        <RecentActivityCard />
      </div>
    </div>
  );
}
