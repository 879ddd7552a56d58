// Owns Settings → Notifications: what each person is told in this organization, and how (their own preferences).
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { NotificationPreferences } from '@/components/notifications/notification-preferences';

export const metadata: Metadata = { title: 'Notifications' };

export default function NotificationsSettingsPage() {
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Your own choices in this organization. Security notices are always sent."
      />
      <NotificationPreferences />
    </>
  );
}
