// Owns the support lead's pricing page (others get the not-found page, as the API answers 403).

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CorridorSetup } from '@/components/pricing/corridor-setup';
import { PricingConsole } from '@/components/support/pricing-console';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Pricing · Support console' };

export default async function SupportPricingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // `?org=<id>`: the organization page's "Set margin" link chooses that organization in the margin form.
  const { org } = await searchParams;
  const user = await currentUser();
  if (!user || !holdsStaffRole(user.staffRoles, ['support_lead'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Pricing</h1>
      <p className="mb-4 text-sm text-slate-600">
        FX rates, corridors and organization margins. Every change is recorded with its value before and
        after, and applies to quotes made from now on: quotes already made keep what they used.
      </p>
      <PricingConsole orgId={typeof org === 'string' ? org : undefined} />
      <div className="mt-6">
        <CorridorSetup />
      </div>
    </>
  );
}
