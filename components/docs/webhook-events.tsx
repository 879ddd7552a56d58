// Owns the webhook events part of the API reference: every public event type and its payload, from the document.
import Link from 'next/link';
import type { OpenApiDocument } from '@/lib/openapi/types';
import { FieldsTable } from './fields-table';
import { type FieldRow, fieldRows, resolveRef, type SchemaNode } from './openapi-view';

interface WebhookEntry {
  post?: {
    summary?: string;
    requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  };
}

/** The payload's fields, with the resource under `data.object` spelled out (the generic rows stop at its name). */
function payloadRows(document: OpenApiDocument, schema: SchemaNode): FieldRow[] {
  const rows = fieldRows(document, schema);
  const payload = schema.$ref ? resolveRef<SchemaNode>(document, schema) : schema;
  const object = payload.properties?.data?.properties?.object;
  if (!object) return rows;
  const known = new Set(rows.map((row) => row.name));
  const objectRows = fieldRows(document, object, 'data.object.', 2).filter((row) => !known.has(row.name));
  const at = rows.findIndex((row) => row.name === 'data.object');
  return at < 0 ? [...rows, ...objectRows] : [...rows.slice(0, at + 1), ...objectRows, ...rows.slice(at + 1)];
}

export function WebhookEvents({ document }: { document: OpenApiDocument }) {
  const webhooks = Object.entries((document.webhooks ?? {}) as Record<string, WebhookEntry>).sort(
    ([a], [b]) => a.localeCompare(b),
  );
  if (webhooks.length === 0) return null;
  return (
    <section aria-labelledby="webhook-events" className="space-y-4">
      <div className="space-y-1">
        <h2 id="webhook-events" className="scroll-mt-6 text-lg font-semibold text-slate-900">
          Webhook events
        </h2>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          Every public event type, as delivered to your endpoints and listed by{' '}
          <code>GET /api/v2/events</code>: <code>{'{id, type, created_at, data: {object}}'}</code>. How to
          verify a delivery is in the{' '}
          <Link href="/docs/signing#webhooks" className="font-medium text-slate-900 underline">
            signing guide
          </Link>
          .
        </p>
      </div>
      {webhooks.map(([type, entry]) => {
        const schema = entry.post?.requestBody?.content?.['application/json']?.schema;
        return (
          <article
            key={type}
            id={`event-${type}`}
            aria-labelledby={`event-${type}-name`}
            className="scroll-mt-6 space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`event-${type}-name`} className="font-mono text-sm font-semibold text-slate-900">
              {type}
            </h3>
            {entry.post?.summary ? <p className="text-sm text-slate-600">{entry.post.summary}</p> : null}
            {schema ? (
              <FieldsTable rows={payloadRows(document, schema)} caption={`Payload of ${type}`} />
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
