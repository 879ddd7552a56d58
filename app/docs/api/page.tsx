// Owns /docs/api: the OpenAPI document rendered for people, grouped by tag (public, no credentials, no scripts).
import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorEnvelopeExamples } from '@/components/docs/error-envelope-examples';
import { Markdown } from '@/components/docs/inline-markdown';
import { MethodBadge } from '@/components/docs/method-badge';
import { operationsByTag } from '@/components/docs/openapi-view';
import { OperationSection } from '@/components/docs/operation-section';
import { WebhookEvents } from '@/components/docs/webhook-events';
import { buildOpenApiDocument } from '@/lib/openapi/document';

export const metadata: Metadata = { title: 'API reference' };

const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export default function ApiReferencePage() {
  // Without a server URL: the page must not depend on the deployment's configuration.
  const document = buildOpenApiDocument();
  const groups = operationsByTag(document);
  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));

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
      </header>

      <nav aria-label="Operations" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-sm font-semibold text-slate-900">Operations</h2>
        <div className="mt-3 grid gap-5 md:grid-cols-2">
          {groups.map(({ tag, operations }) => (
            <div key={tag}>
              <a
                href={`#${slug(tag)}`}
                className="text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {tag}
              </a>
              <ul className="mt-1.5 space-y-1">
                {operations.map(({ method, path, operation }) => (
                  <li key={`${method} ${path}`}>
                    <a
                      href={`#${operation.operationId}`}
                      className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50"
                    >
                      <MethodBadge method={method} />
                      <span
                        className={`truncate font-mono text-xs text-slate-700 ${operation.deprecated ? 'line-through' : ''}`}
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

      {groups.map(({ tag, operations }) => (
        <section key={tag} aria-labelledby={slug(tag)} className="space-y-4">
          <div className="space-y-1">
            <h2 id={slug(tag)} className="scroll-mt-6 text-lg font-semibold text-slate-900">
              {tag}
            </h2>
            {tagDescriptions.get(tag) ? (
              <p className="text-sm text-slate-600">{tagDescriptions.get(tag)}</p>
            ) : null}
          </div>
          {operations.map((entry) => (
            <OperationSection key={`${entry.method} ${entry.path}`} document={document} entry={entry} />
          ))}
        </section>
      ))}

      <WebhookEvents document={document} />
    </div>
  );
}
