// Owns /docs/api/webhook-events: every public webhook event type with its payload, the events about one resource
// sharing one table (public, no credentials).
import type { Metadata } from 'next';
import { referenceData } from '@/components/docs/reference-data';
import { ReferencePageHeader } from '@/components/docs/reference-page-header';
import { WebhookEvents } from '@/components/docs/webhook-events';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const metadata: Metadata = { title: 'Webhook events · API reference' };

export default function WebhookEventsPage() {
  const { document } = referenceData(buildOpenApiDocument());
  return (
    <div className="space-y-6">
      <ReferencePageHeader title="Webhook events" />
      <WebhookEvents document={document} />
    </div>
  );
}
