'use client';
import { PayoutCards } from '@/components/dashboard/payouts/payout-cards';
import { BalanceCard } from '@/components/funding/balance-card';
import { BalanceChartCard } from '@/components/funding/balance-chart-card';
import { FundingAddressesCard } from '@/components/funding/funding-addresses-card';
import { RecentActivityCard } from '@/components/funding/recent-activity-card';
import { SimulateDeposit } from '@/components/funding/simulate-deposit';
import { StatementCard } from '@/components/funding/statement-card';
// Owns the dashboard's arrangement: balance first, then what needs action, the chart, funding addresses and recent
// activity; the payouts parts only for an organization that uses payouts.
import { useOrganization } from '@/components/layout/use-organization';
import { EmptyState } from '@/components/ui/states';
import { BatchesNeedingAction } from './batches-needing-action';
import { dashboardSections } from './sections';

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
