// Owns the dashboard (/): the USDT balance, how to fund it, its last 30 days and recent movements.
import type { Metadata } from 'next';
import { Dashboard } from '@/components/dashboard/dashboard';
import { PageHeader } from '@/components/layout/page-header';

export const metadata: Metadata = { title: 'Dashboard' };

export default function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your USDT balance funds every payout batch: it is quoted when you create it, and no funds move until you confirm it."
      />
      <Dashboard />
    </>
  );
}
