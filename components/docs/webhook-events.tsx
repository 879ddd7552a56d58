// Owns the webhook events of the API reference, from the document: the index's list of event types, and their page
// (/docs/api/webhook-events), where the events about one resource share one payload table.
import Link from 'next/link';
import type { OpenApiDocument } from '@/lib/platform/openapi-types';
import { FieldsTable } from './fields-table';
import { type FieldRow, fieldRows, resolveRef, type SchemaNode } from './openapi-view';
import { webhookEventHref } from './reference-paths';

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

/** What the section tables for every webhook event: its payload and the resource under `data.object`. */
export function webhookPayloads(document: OpenApiDocument): SchemaNode[] {
  return Object.values((document.webhooks ?? {}) as Record<string, WebhookEntry>).flatMap((entry) => {
    const schema = entry.post?.requestBody?.content?.['application/json']?.schema;
    if (!schema) return [];
    const payload = schema.$ref ? resolveRef<SchemaNode>(document, schema) : schema;
    const object = payload.properties?.data?.properties?.object;
    return object ? [schema, object] : [schema];
  });
}

interface WebhookEvent {
  type: string;
  summary?: string;
  schema?: SchemaNode;
}

/** The events about one resource (`data.object` holds it): their payloads differ only by `type`. */
export interface WebhookEventGroup {
  resource: string;
  events: WebhookEvent[];
}

function resourceOf(document: OpenApiDocument, schema: SchemaNode | undefined): string {
  if (!schema) return 'Other';
  const payload = schema.$ref ? resolveRef<SchemaNode>(document, schema) : schema;
  const ref = payload.properties?.data?.properties?.object?.$ref;
  return ref ? ref.replace('#/components/schemas/', '') : 'Other';
}

/** Every public event type, grouped by the resource it carries, in name order. */
export function webhookEventGroups(document: OpenApiDocument): WebhookEventGroup[] {
  const groups = new Map<string, WebhookEvent[]>();
  const entries = Object.entries((document.webhooks ?? {}) as Record<string, WebhookEntry>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  for (const [type, entry] of entries) {
    const schema = entry.post?.requestBody?.content?.['application/json']?.schema;
    const resource = resourceOf(document, schema);
    groups.set(resource, [...(groups.get(resource) ?? []), { type, summary: entry.post?.summary, schema }]);
  }
  return [...groups.entries()]
    .map(([resource, events]) => ({ resource, events }))
    .sort((a, b) => a.events[0]!.type.localeCompare(b.events[0]!.type));
}

const INTRO = (
  <>
    Every public event type, as delivered to your endpoints and listed by <code>GET /api/v2/events</code>:{' '}
    <code>{'{id, type, created_at, data: {object}}'}</code>. How to verify a delivery is in the{' '}
    <Link href="/docs/signing#webhooks" className="font-medium text-slate-900 underline">
      signing guide
    </Link>
    .
  </>
);

/** The index's part: the event types by resource, each linking to its payload on the events page. */
export function WebhookEventIndex({ document }: { document: OpenApiDocument }) {
  const groups = webhookEventGroups(document);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="webhook-events" className="space-y-3">
      <div className="space-y-1">
        <h2 id="webhook-events" className="scroll-mt-6 text-lg font-semibold text-slate-900">
          Webhook events
        </h2>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          {INTRO} Each type’s payload is on the{' '}
          <Link href={webhookEventHref()} className="font-medium text-slate-900 underline">
            webhook events page
          </Link>
          .
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {groups.flatMap(({ events }) =>
          events.map(({ type }) => (
            <li key={type}>
              <a href={webhookEventHref(type)} className="font-mono text-xs text-accent-700 underline">
                {type}
              </a>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

/** The events page: one article per resource, its events listed with their meaning, and the payload table once. */
export function WebhookEvents({ document }: { document: OpenApiDocument }) {
  const groups = webhookEventGroups(document);
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm leading-6 text-slate-600">
        {INTRO} The events about one resource share one payload and differ only by <code>type</code>.
      </p>
      {groups.map(({ resource, events }) => {
        const schema = events.find((event) => event.schema)?.schema;
        const types = events.map((event) => event.type);
        return (
          <article
            key={resource}
            id={`events-${resource}`}
            aria-labelledby={`events-${resource}-name`}
            className="scroll-mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id={`events-${resource}-name`} className="text-base font-semibold text-slate-900">
              {resource} events
            </h2>
            <dl className="space-y-1.5 text-sm">
              {events.map(({ type, summary }) => (
                <div key={type} id={`event-${type}`} className="scroll-mt-6">
                  <dt className="font-mono text-sm font-semibold text-slate-900">{type}</dt>
                  {summary ? <dd className="text-slate-600">{summary}</dd> : null}
                </div>
              ))}
            </dl>
            {schema ? (
              <FieldsTable
                rows={payloadRows(document, schema).map((row) =>
                  row.name === 'type' ? { ...row, constraints: [`one of ${types.join(', ')}`] } : row,
                )}
                caption={`Payload of ${types.join(', ')}`}
              />
            ) : null}
          </article>
        );
      })}
    </div>
  );
}
