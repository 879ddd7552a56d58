// Owns one operation of the API reference: method and path, access rules, parameters, bodies, errors, deprecation.
import Link from 'next/link';
import type { OpenApiDocument, ResponseOrRef } from '@/lib/platform/openapi-types';
import { ErrorResponses } from './error-responses';
import { FieldsTable } from './fields-table';
import { Markdown } from './inline-markdown';
import { MethodBadge } from './method-badge';
import {
  type DocumentedOperation,
  resolveRef,
  type SchemaNode,
  schemaRefOf,
  topLevelRows,
  typeLabel,
} from './openapi-view';
import { ParametersTable } from './parameters-table';
import { schemaHref } from './reference-paths';

interface BodyNode {
  description?: string;
  required?: boolean;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: SchemaNode }>;
}

function Heading({ children }: { children: string }) {
  return <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;
}

function Pill({ children, tone = 'slate' }: { children: React.ReactNode; tone?: 'slate' | 'amber' }) {
  const colours =
    tone === 'amber'
      ? 'border-amber-300 bg-amber-50 text-amber-800'
      : 'border-slate-200 bg-slate-50 text-slate-700';
  return <span className={`rounded-full border px-2.5 py-0.5 text-xs ${colours}`}>{children}</span>;
}

/** The document repeats access and deprecation in prose for generic tools; here they have their own elements. */
function proseOnly(description: string | undefined): string {
  return (description ?? '')
    .split(/\n{2,}/)
    .filter((block) => !block.startsWith('Access: ') && !block.startsWith('**Deprecated**'))
    .join('\n\n');
}

/** A named schema is linked to its one rendering in the Schemas section; an inline one is tabled here. */
function ResponseSchema({
  document,
  schema,
  status,
}: {
  document: OpenApiDocument;
  schema: SchemaNode;
  status: string;
}) {
  const named = schemaRefOf(schema);
  if (!named)
    return <FieldsTable rows={topLevelRows(document, schema)} caption={`Response ${status} fields`} />;
  return (
    <p className="text-sm text-slate-700">
      Body:{' '}
      <a href={schemaHref(named)} className="font-mono text-accent-700 underline">
        {typeLabel(document, schema)}
      </a>
    </p>
  );
}

export function OperationSection({
  document,
  entry,
}: {
  document: OpenApiDocument;
  entry: DocumentedOperation;
}) {
  const { method, path, operation } = entry;
  const responses = Object.entries(operation.responses ?? {}) as [string, ResponseOrRef][];
  const success = responses.filter(([status]) => status.startsWith('2'));
  const errors = responses.filter(([status]) => !status.startsWith('2'));
  const requestBody = operation.requestBody
    ? resolveRef<BodyNode>(document, operation.requestBody)
    : undefined;
  const requestSchema = requestBody?.content?.['application/json']?.schema;
  const idempotent = (operation.parameters ?? []).some(
    (parameter) => '$ref' in parameter && parameter.$ref.endsWith('/Idempotency-Key'),
  );
  const prose = proseOnly(operation.description);

  return (
    <article
      id={operation.operationId}
      className="scroll-mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={method} />
          <code
            className={`min-w-0 font-mono text-sm text-slate-900 [overflow-wrap:anywhere] ${operation.deprecated ? 'line-through' : ''}`}
          >
            {path}
          </code>
          <a
            href={`#${operation.operationId}`}
            className="font-mono text-xs text-slate-500 hover:text-slate-700"
          >
            {operation.operationId}
          </a>
        </div>
        <h3 className="text-base font-semibold text-slate-900">{operation.summary}</h3>
        <div className="flex flex-wrap gap-2">
          {operation['x-public'] ? (
            <Pill>Public: no credentials</Pill>
          ) : (
            <>
              <Pill>
                {operation['x-session-only']
                  ? 'Portal session only'
                  : 'API key + signed JWT, or portal session'}
              </Pill>
              {operation['x-audience'] === 'staff' ? (
                <Pill>Provider staff: {operation['x-required-staff-role'] ?? 'support'} or above</Pill>
              ) : operation['x-audience'] === 'user' ? (
                <Pill>Any signed-in user</Pill>
              ) : (
                <Pill>Role: {operation['x-required-role'] ?? 'member'} or above</Pill>
              )}
            </>
          )}
          {operation['x-entitlement'] ? <Pill>Entitlement: {operation['x-entitlement']}</Pill> : null}
          {operation['x-sandbox-only'] ? <Pill tone="amber">Sandbox only</Pill> : null}
          {idempotent ? <Pill>Idempotency-Key</Pill> : null}
        </div>
      </header>

      {operation.deprecated ? (
        <div
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <strong className="font-semibold">Deprecated.</strong>{' '}
          {operation['x-sunset'] ? <>It may be removed after {operation['x-sunset']}. </> : null}
          {operation['x-replacement'] ? (
            <>
              Use <code className="font-mono">{operation['x-replacement']}</code> instead.{' '}
            </>
          ) : null}
          <Link href="/docs/changelog#deprecations" className="font-medium underline">
            Changelog
          </Link>
        </div>
      ) : null}

      {prose ? <Markdown text={prose} /> : null}

      {operation.parameters && operation.parameters.length > 0 ? (
        <section className="space-y-2">
          <Heading>Parameters</Heading>
          <ParametersTable document={document} parameters={operation.parameters} />
        </section>
      ) : null}

      {requestSchema ? (
        <section className="space-y-2">
          <Heading>{`Request body (application/json${requestBody?.required ? ', required' : ''})`}</Heading>
          <FieldsTable rows={topLevelRows(document, requestSchema)} caption="Request body fields" />
        </section>
      ) : null}

      {success.map(([status, response]) => {
        const resolved = resolveRef<BodyNode>(document, response);
        const schema = resolved.content?.['application/json']?.schema;
        const headers = Object.keys(resolved.headers ?? {});
        return (
          <section key={status} className="space-y-2">
            <Heading>{`Response ${status}`}</Heading>
            <p className="text-sm text-slate-700">{resolved.description}</p>
            {headers.length > 0 ? (
              <p className="text-xs text-slate-600">
                Headers: <span className="font-mono">{headers.join(', ')}</span>
              </p>
            ) : null}
            {schema ? <ResponseSchema document={document} schema={schema} status={status} /> : null}
          </section>
        );
      })}

      {errors.length > 0 ? (
        <section className="space-y-2">
          <Heading>Errors</Heading>
          <ErrorResponses document={document} responses={errors} />
        </section>
      ) : null}
    </article>
  );
}
