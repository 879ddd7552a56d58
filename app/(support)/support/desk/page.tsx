// Owns the payouts desk page of the support console (operations; others get the not-found page, as the API answers 403).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DeskPayouts } from '@/components/support/desk-payouts';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Payouts desk · Support console' };

export default async function SupportDeskPage() {
  const user = await currentUser();
  if (!user?.staffRole || !holdsStaffRole(user.staffRoles, ['operations'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Payouts desk</h1>
      <p className="mb-4 text-sm text-slate-600">
        Pay funded orders from the bank, then mark them sent: each gets a UETR to put on the payment. Someone
        other than the person who marked an order sent records what the bank reports. Opening a payee&apos;s
        account is recorded in the organization&apos;s access log.
      </p>
      <DeskPayouts me={user.id} />
    </>
  );
}
