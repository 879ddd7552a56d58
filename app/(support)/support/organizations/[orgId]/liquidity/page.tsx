// Owns the support lead's liquidity back office page for one organization (others get the not-found page).

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LiquidityBackOffice } from '@/components/liquidity/back-office';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Liquidity back office · Support console' };

export default async function SupportLiquidityPage({ params }: { params: Promise<{ orgId: string }> }) {
  const user = await currentUser();
  if (!user || !holdsStaffRole(user.staffRoles, ['support_lead'])) notFound();
  const { orgId } = await params;
  return <LiquidityBackOffice orgId={orgId} />;
}
