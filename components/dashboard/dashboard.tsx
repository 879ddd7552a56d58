'use client';
import { PayoutCards } from '@/components/dashboard/payouts/payout-cards';
// Owns the dashboard's arrangement: balance first, then what needs action, the chart, funding addresses and recent
// activity; the payouts parts only for an organization that uses payouts.
import { useOrganization } from '@/components/layout/use-organization';
import { EmptyState } from '@/components/ui/states';
import { BalanceCard } from './balance-card';
import { BalanceChartCard } from './balance-chart-card';
import { BatchesNeedingAction } from './batches-needing-action';
import { FundingAddressesCard } from './funding-addresses-card';
import { RecentActivityCard } from './recent-activity-card';
import { dashboardSections } from './sections';
import { SimulateDeposit } from './simulate-deposit';
import { StatementCard } from './statement-card';

export function Dashboard() {
  const organization = useOrganization();
  const sections = dashboardSections(organization.data?.entitlements);
  if (!sections.funding) {
    return (
      <EmptyState
        className="rounded-lg border border-slate-200 bg-white"
        title="No products enabled yet"
        description="Your organization has no product enabled, so it holds no USDT balance. Ask your account manager to enable payouts or liquidity."
      />
    );
  }
  return (
    <div className="space-y-6">
      <BalanceCard action={sections.payouts ? <SimulateDeposit /> : undefined} />
      {sections.payouts && (
        <>
          <BatchesNeedingAction />
          <PayoutCards />
        </>
      )}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <BalanceChartCard />
          <FundingAddressesCard />
        </div>
        <div className="min-w-0 space-y-6">
          <RecentActivityCard />
          <StatementCard />
        </div>
      </div>
    </div>
  );
}
