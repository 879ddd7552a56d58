// Owns /settings/webhooks (admins): endpoints, their secrets, test events and delivery logs.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { WebhooksSettings } from '@/components/webhooks/webhooks-settings';
import { subscribableEventTypes } from '@/lib/platform/webhook-delivery/event-types';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Receive every state change as a signed HTTPS request, with a log to debug from and a way to re-send."
      />
      {/* The catalogue stays on the server; the page gets the names only. */}
      <WebhooksSettings eventTypes={subscribableEventTypes()} />
    </>
  );
}
