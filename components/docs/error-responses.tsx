// Owns the list of an operation's error statuses: what each means, which envelope it uses and an example body.
import type { OpenApiDocument, ResponseOrRef } from '@/lib/platform/openapi-types';
import { JsonBlock } from './code-block';
import { Markdown } from './inline-markdown';
import { refName, resolveRef } from './openapi-view';
import { errorHref } from './reference-paths';

interface ResponseNode {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<
    string,
    { schema?: { $ref?: string }; examples?: Record<string, { summary?: string; value?: unknown }> }
  >;
}

const ENVELOPE_LABELS: Record<string, string> = {
  PayoutsError: 'payouts envelope',
  LiquidityError: 'liquidity envelope',
};

/** The name of a shared response (`#/components/responses/Payouts401`), if the operation refers to one. */
export function sharedResponseName(response: ResponseOrRef): string | undefined {
  return '$ref' in response && response.$ref.startsWith('#/components/responses/')
    ? refName(response.$ref)
    : undefined;
}

export function errorAnchor(name: string): string {
  return `error-${name}`;
}

/** What an error response adds to its title, the same in the shared list and under an operation. */
function ErrorNotes({ explanation, headers }: { explanation: string; headers: string[] }) {
  return (
    <>
      {explanation ? <Markdown text={explanation} /> : null}
      {headers.length > 0 ? (
        <p className="text-xs text-slate-600">
          Headers: <span className="font-mono">{headers.join(', ')}</span>
        </p>
      ) : null}
    </>
  );
}

/** Each shared error response once, with its explanation and examples: what every operation's list links to. */
export function CommonErrors({ document }: { document: OpenApiDocument }) {
  const responses = Object.entries((document.components?.responses ?? {}) as Record<string, ResponseNode>);
  return (
    <div className="space-y-3">
      {responses.map(([name, response]) => {
        const json = response.content?.['application/json'];
        const envelope = refName(json?.schema?.$ref) ?? '';
        const description = response.description ?? '';
        const stop = description.indexOf('.');
        const title = stop === -1 ? description : description.slice(0, stop);
        const explanation = stop === -1 ? '' : description.slice(stop + 1).trim();
        const headers = Object.keys(response.headers ?? {}).filter((header) => header !== 'X-Request-Id');
        return (
          <article
            key={name}
            id={errorAnchor(name)}
            aria-labelledby={`${errorAnchor(name)}-title`}
            className="scroll-mt-6 space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`${errorAnchor(name)}-title`} className="text-sm font-semibold text-slate-900">
              <span className="font-mono text-rose-700">{name.replace(/^\D+/, '')}</span> {title}{' '}
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-600">
                {ENVELOPE_LABELS[envelope] ?? envelope}
              </span>
            </h3>
            <ErrorNotes explanation={explanation} headers={headers} />
            {Object.entries(json?.examples ?? {}).map(([example, value]) => (
              <JsonBlock key={example} value={value.value} label={`Example: ${value.summary ?? example}`} />
            ))}
          </article>
        );
      })}
    </div>
  );
}

export function ErrorResponses({
  document,
  responses,
}: {
  document: OpenApiDocument;
  responses: [status: string, response: ResponseOrRef][];
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {responses.map(([status, response]) => {
        const resolved = resolveRef<ResponseNode>(document, response);
        const json = resolved.content?.['application/json'];
        const envelope = refName(json?.schema?.$ref) ?? '';
        const examples = Object.entries(json?.examples ?? {});
        const headers = Object.keys(resolved.headers ?? {}).filter((name) => name !== 'X-Request-Id');
        // The document's descriptions open with the status title, then explain.
        const description = resolved.description ?? '';
        const stop = description.indexOf('.');
        const title = stop === -1 ? description : description.slice(0, stop);
        const explanation = stop === -1 ? '' : description.slice(stop + 1).trim();
        const shared = sharedResponseName(response);
        if (shared) {
          // Shared by most operations: explained once under "Common errors", linked from here.
          return (
            <li key={status}>
              <a
                href={errorHref(shared)}
                className="flex items-center gap-3 px-4 py-2.5 text-sm hover:bg-slate-50"
              >
                <span className="w-10 font-mono font-semibold text-rose-700">{status}</span>
                <span className="flex-1 truncate text-slate-700 underline">{title}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {ENVELOPE_LABELS[envelope] ?? envelope}
                </span>
              </a>
            </li>
          );
        }
        return (
          <li key={status}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-2.5 text-sm hover:bg-slate-50">
                <span className="w-10 font-mono font-semibold text-rose-700">{status}</span>
                <span className="flex-1 truncate text-slate-700">{title}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {ENVELOPE_LABELS[envelope] ?? envelope}
                </span>
                <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-90">
                  ›
                </span>
              </summary>
              <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                <ErrorNotes explanation={explanation} headers={headers} />
                {examples.map(([name, example]) => (
                  <JsonBlock key={name} value={example.value} label={`Example: ${example.summary ?? name}`} />
                ))}
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
