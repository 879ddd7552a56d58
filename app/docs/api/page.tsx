// Owns /docs/api: the start of the API reference — every operation by tag (each tag's operations on its own page),
// the error envelopes, the errors most operations share and the field error codes, and the list of webhook event
// types (their payloads on their own page). Public, no credentials.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorEnvelopeExamples } from '@/components/docs/error-envelope-examples';
import { CommonErrors } from '@/components/docs/error-responses';
import { FieldErrorCodes } from '@/components/docs/field-error-codes';
import { Markdown } from '@/components/docs/inline-markdown';
import { MethodBadge } from '@/components/docs/method-badge';
import { referenceData } from '@/components/docs/reference-data';
import { operationHref, SCHEMAS_PAGE, tagPage } from '@/components/docs/reference-paths';
import { WebhookEventIndex } from '@/components/docs/webhook-events';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const metadata: Metadata = { title: 'API reference' };

export default function ApiReferencePage() {
  const { document, groups } = referenceData(buildOpenApiDocument());

  return (
    <div className="space-y-12">
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">API reference</h1>
          <span className="rounded-full border border-slate-200 bg-white px-2.5 py-0.5 font-mono text-xs text-slate-700">
            v{document.info.version}
          </span>
          <a
            href="/api/v2/openapi.json"
            className="rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-xs text-slate-700 hover:border-slate-300"
          >
            OpenAPI 3.1 JSON
          </a>
        </div>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          {document.info.title}. Every request needs an API key and a freshly signed ES256 token; the{' '}
          <Link href="/docs/signing" className="font-medium text-slate-900 underline">
            signing guide
          </Link>{' '}
          shows how, with curl and Node. Deprecations are announced in the{' '}
          <Link href="/docs/changelog#deprecations" className="font-medium text-slate-900 underline">
            changelog
          </Link>
          .
        </p>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          Typed clients: the document is exact enough to generate from. With{' '}
          <code className="font-mono text-xs">
            npx openapi-typescript https://&lt;host&gt;/api/v2/openapi.json -o payout-api.d.ts
          </code>{' '}
          and openapi-fetch with a middleware that signs each request, the whole deposit → batch → confirm →
          receipt flow compiles under <code className="font-mono text-xs">--strict</code> with no cast; our
          test suite builds and runs exactly that client on every change.
        </p>
      </header>

      <nav aria-label="Operations" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">Operations</h2>
          <a href={SCHEMAS_PAGE} className="text-sm text-accent-700 underline">
            Schemas: every object the API answers with
          </a>
        </div>
        <div className="mt-3 grid grid-cols-1 gap-5 md:grid-cols-2">
          {groups.map(({ tag, operations }) => (
            <div key={tag}>
              <a href={tagPage(tag)} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {tag}
              </a>
              <ul className="mt-1.5 space-y-1">
                {operations.map(({ method, path, operation }) => (
                  <li key={`${method} ${path}`}>
                    <a
                      href={operationHref(tag, operation.operationId ?? '')}
                      className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50"
                    >
                      <MethodBadge method={method} />
                      <span
                        className={`min-w-0 truncate font-mono text-xs text-slate-700 ${operation.deprecated ? 'line-through' : ''}`}
                      >
                        {path}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>

      <section aria-labelledby="overview" className="space-y-4">
        <h2 id="overview" className="text-lg font-semibold text-slate-900">
          Overview
        </h2>
        {document.info.description ? (
          <Markdown text={document.info.description} className="max-w-3xl" />
        ) : null}
        <h3 className="pt-2 text-sm font-semibold text-slate-900">The two error envelopes</h3>
        <ErrorEnvelopeExamples />
      </section>

      <WebhookEventIndex document={document} />

      <section aria-labelledby="common-errors" className="space-y-4">
        <div className="space-y-1">
          <h2 id="common-errors" className="scroll-mt-6 text-lg font-semibold text-slate-900">
            Common errors
          </h2>
          <p className="max-w-3xl text-sm leading-6 text-slate-600">
            The answers most operations can give, explained once; each operation lists the ones it can give.
          </p>
        </div>
        <CommonErrors document={document} />
      </section>

      <FieldErrorCodes document={document} />
    </div>
  );
}
