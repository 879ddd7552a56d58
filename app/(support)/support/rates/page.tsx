// Owns the console's Rates page: treasury publishes rate sheets (RATES_ADAPTER=manual); support leads read the
// history. Others get the not-found page, as the API answers 403.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RateSheets } from '@/components/pricing/rate-sheets';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Rates · Support console' };

export default async function SupportRatesPage() {
  const user = await currentUser();
  if (!user?.staffRole || !holdsStaffRole(user.staffRoles, ['treasury', 'support_lead'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Rates</h1>
      <p className="mb-4 text-sm text-slate-600">
        The rate sheet quotes use: units of each currency per USDT, mid-market. Each organization&apos;s
        margin applies on top and is never shown to clients. Who published each sheet and when is kept.
      </p>
      <RateSheets canPublish={holdsStaffRole(user.staffRoles, ['treasury'])} />
    </>
  );
}
