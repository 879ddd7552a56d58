// Owns /docs/api/webhook-events: every public webhook event type with its payload, the events about one resource
// sharing one table (public, no credentials).
import type { Metadata } from 'next';
import Link from 'next/link';
import { referenceData } from '@/components/docs/reference-data';
import { API_REFERENCE } from '@/components/docs/reference-paths';
import { WebhookEvents } from '@/components/docs/webhook-events';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const metadata: Metadata = { title: 'Webhook events · API reference' };

export default function WebhookEventsPage() {
  const { document } = referenceData(buildOpenApiDocument());
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link href={API_REFERENCE} className="text-sm text-accent-700 underline">
          API reference
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Webhook events</h1>
      </header>
      <WebhookEvents document={document} />
    </div>
  );
}
