// Owns the sandbox emails page (URL /outbox, kept stable); in production there is no such page.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/layout/page-header';
import { Outbox } from '@/components/settings/outbox';
import { env } from '@/lib/platform/env';

export const metadata: Metadata = { title: 'Sandbox emails' };

export default function OutboxPage() {
  if (env().APP_ENV !== 'sandbox') notFound();
  return (
    <>
      <PageHeader
        title="Sandbox emails"
        description="The emails the sandbox would have sent: invitations of your organization (admins) and mail to you."
      />
      <Outbox />
    </>
  );
}
