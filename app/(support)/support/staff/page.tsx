// Owns the support lead's Staff page (others get the not-found page, as the API answers 403).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { StaffConsole } from '@/components/support/staff-console';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Staff · Support console' };

export default async function SupportStaffPage() {
  const user = await currentUser();
  if (!user || !holdsStaffRole(user.staffRoles, ['support_lead'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Staff</h1>
      <p className="mb-4 text-sm text-slate-600">
        Invite the provider&apos;s people by email and choose what each may do. A lead cannot disable
        themselves, and the last lead keeps the role.
      </p>
      <StaffConsole currentUserId={user.id} />
    </>
  );
}
