// Owns /docs/changelog: API versions, the deprecation registry (the target of the `Link` header) and the v1 sunset.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { MethodBadge } from '@/components/docs/method-badge';
import { operationHref } from '@/components/docs/reference-paths';
import { Table } from '@/components/ui/table';
import { allOperations } from '@/lib/api/operations';
import { API_VERSION } from '@/lib/openapi/version';

export const metadata: Metadata = { title: 'Changelog' };

interface Release {
  version: string;
  date: string;
  changes: ReactNode[];
}

function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  );
}

/** Newest first. A new `info.version` (lib/openapi/version.ts) gets its entry here. */
const RELEASES: Release[] = [
  {
    version: '2.4.0',
    date: '2026-11-26',
    changes: [
      <>
        Senders and beneficiaries take an optional <C>client_reference</C>, your own key for them (at most 100
        characters, unique per organization among profiles of the kind): set it on create or <C>PATCH</C> (
        <C>null</C> clears it), read it on every profile (null when unset), and find a profile by it with{' '}
        <C>?client_reference=</C> on <C>GET /senders</C> and <C>GET /beneficiaries</C>. A duplicate is 409{' '}
        <C>client_reference_exists</C>. Changing it never sends a ready profile back to review, and an edit of
        it alone is allowed even while the profile is in review.
      </>,
      <>
        <C>GET /beneficiaries</C> takes <C>q</C>: beneficiaries whose name or reference contains the text
        (case-insensitive).
      </>,
      <>
        New <C>GET /beneficiaries/export</C>: the beneficiaries (with the list's filters) as streamed CSV with
        stable documented columns, accounts only as their last four characters; bounded like the other
        exports.
      </>,
    ],
  },
  {
    version: '2.3.0',
    date: '2026-11-26',
    changes: [
      <>
        Tenant limits, so no organization can starve the others (security fix): an export or statement covers
        at most 366 days (<C>GET /orders/export</C>, <C>GET /funding/statement</C>: a longer period is 422
        naming <C>to</C>; ask a year at a time); a streamed file whose client takes nothing for 60 seconds is
        aborted.
      </>,
      <>
        Heavy work runs at most 2 at once per organization and operation on each server instance (and 8
        exports in all): createBatch of more than 1,000 orders, the batch source CSV, receipts, exports and
        statements. Above it: 429 <C>too_many_concurrent_requests</C> with <C>Retry-After</C>.
      </>,
      <>
        An organization holds at most 50,000 open draft orders; a createBatch that would pass it is refused
        whole with 400 <C>draft_limit_reached</C> (<C>param</C> <C>orders</C>). Each limit is the default; a
        deployment may set its own.
      </>,
    ],
  },
  {
    version: '2.2.1',
    date: '2026-11-23',
    changes: [
      <>
        A 422 names each failing field once (the first problem to fix), as the error format promises; a field
        that broke two rules used to be listed twice.
      </>,
      <>
        Funding reads (<C>/api/v2/funding/…</C>: addresses, balance, its history, movements, statement) answer
        every entitled organization, not only those entitled to payouts: withdrawals spend the same balance.
      </>,
      <>
        Document corrections: the utilization proofs list's optional <C>limit</C> and <C>page</C> are bounded
        integers; liquidity path ids are UUIDs; the overview names the three amounts the specification types
        as JSON numbers.
      </>,
    ],
  },
  {
    version: '2.2.0',
    date: '2026-11-23',
    changes: [
      <>
        Webhooks: register endpoints (<C>/api/v2/webhooks/endpoints</C>) and receive every public event as a
        signed POST (<C>Payout-Signature</C>, verify as the{' '}
        <Link href="/docs/signing#webhooks" className="underline">
          signing guide
        </Link>{' '}
        shows), retried for 3 days, with a delivery log, re-sends, test events and secret rotation. The
        document lists every event type under <C>webhooks</C>.
      </>,
      <>
        <C>GET /api/v2/events</C> and <C>GET /api/v2/events/{'{eventId}'}</C>: the organization's public
        events, to reconcile what a webhook missed.
      </>,
    ],
  },
  {
    version: '2.1.0',
    date: '2026-11-23',
    changes: [
      <>
        Payouts error bodies carry <C>code</C>, the same machine-readable code as the liquidity envelope's{' '}
        <C>error.code</C> (<C>invalid_token</C>, <C>idempotency_key_reused</C>, <C>insufficient_balance</C>,
        …): branch on it instead of the message.
      </>,
      <>
        <C>PUT /api/v2/session/organization</C> chooses the organization a portal session acts for;{' '}
        <C>GET /api/v2/support/me</C> for the provider's staff. Both answer 404 to API keys.
      </>,
      <>
        Operations may take <C>multipart/form-data</C> and answer files (with <C>Content-Disposition</C> and{' '}
        <C>Repr-Digest</C>); a path id that is not a UUID answers 404, never 422.
      </>,
    ],
  },
  {
    version: '2.0.0',
    date: '2026-11-22',
    changes: [
      <>
        API v2 under <C>/api/v2</C>: every request signed with an API key and an ES256 token binding the path,
        query and body (see the{' '}
        <Link href="/docs/signing" className="underline">
          signing guide
        </Link>
        ).
      </>,
      <>
        Two error envelopes: liquidity paths answer <C>{'{"error": {type, code, message, param}}'}</C>, every
        other path <C>{'{statusCode, message}'}</C> with one message per failing field on 422.
      </>,
      <>
        Pagination with <C>limit</C> and <C>page</C>, <C>Idempotency-Key</C> on every POST, rate limits with{' '}
        <C>X-RateLimit-*</C> headers, <C>X-Request-Id</C> on every response.
      </>,
      <>Organization and funding operations (addresses, balance, ledger movements) and sandbox deposits.</>,
      <>
        The OpenAPI 3.1 document at <C>/api/v2/openapi.json</C>, generated from the request schemas.
      </>,
      <>
        Deprecated: <C>GET /api/v2/funding/address</C> (the TRON address only), replaced by{' '}
        <C>GET /api/v2/funding/addresses</C> (one address per chain).
      </>,
    ],
  },
];

function operationAnchor(key: string): string | undefined {
  const operation = allOperations.find((candidate) => `${candidate.method} ${candidate.path}` === key);
  return operation ? operationHref(operation.tags[0] ?? 'Other', operation.id) : undefined;
}

export default function ChangelogPage() {
  const deprecations = allOperations
    .flatMap((operation) =>
      operation.deprecated ? [[`${operation.method} ${operation.path}`, operation.deprecated] as const] : [],
    )
    .sort(([, a], [, b]) => a.sunset.getTime() - b.sunset.getTime());

  return (
    <div className="max-w-4xl space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Changelog</h1>
        <p className="text-sm leading-6 text-slate-600">
          The major version is in the path (<C>/api/v2</C>); the OpenAPI document's <C>info.version</C>, now{' '}
          <C>{API_VERSION}</C>, tracks changes within it. Within v2, changes are additive: new operations,
          optional parameters, response fields and enum members may appear, so ignore unknown fields and treat
          enums as open. Removing or renaming anything, tightening validation or changing the error envelopes
          needs a new major.
        </p>
      </header>

      <section id="deprecations" aria-labelledby="deprecations-title" className="scroll-mt-6 space-y-3">
        <h2 id="deprecations-title" className="text-lg font-semibold text-slate-900">
          Deprecations
        </h2>
        <p className="text-sm leading-6 text-slate-600">
          A deprecated operation keeps working until its sunset date, announced here at least 90 days ahead
          (unless security or compliance requires faster action). Its responses carry <C>Deprecation: true</C>
          , <C>Sunset: &lt;date&gt;</C> and{' '}
          <C>Link: &lt;…/docs/changelog#deprecations&gt;; rel="deprecation"</C>.
        </p>
        {deprecations.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing is deprecated.</p>
        ) : (
          <Table columns={['Operation', 'Replacement', 'Sunset']}>
            {deprecations.map(([key, deprecation]) => {
              const [method = '', path = ''] = key.split(' ');
              const anchor = operationAnchor(key);
              return (
                <tr key={key} className="align-top">
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-2">
                      <MethodBadge method={method} />
                      {anchor ? (
                        <Link href={anchor} className="font-mono text-xs text-slate-900 underline">
                          {path}
                        </Link>
                      ) : (
                        <span className="font-mono text-xs text-slate-900">{path}</span>
                      )}
                    </span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-700">{deprecation.replacement}</td>
                  <td className="px-3 py-2 text-xs text-slate-700">
                    <time dateTime={deprecation.sunset.toISOString()}>
                      {deprecation.sunset.toUTCString()}
                    </time>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm leading-6 text-slate-700">
          <strong className="font-semibold text-slate-900">API v1 is sunset.</strong> Every <C>/api/v1</C>{' '}
          path answers 404 in the payouts envelope; unversioned <C>/api/*</C> paths are not served either. Use{' '}
          <C>/api/v2</C>.
        </div>
      </section>

      <section aria-labelledby="versions" className="space-y-6">
        <h2 id="versions" className="text-lg font-semibold text-slate-900">
          Versions
        </h2>
        {RELEASES.map((release) => (
          <article key={release.version} id={`v${release.version}`} className="space-y-2">
            <h3 className="flex items-baseline gap-3">
              <span className="font-mono text-base font-semibold text-slate-900">{release.version}</span>
              <time dateTime={release.date} className="text-xs text-slate-500">
                {release.date}
              </time>
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
              {release.changes.map((change, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
                <li key={index}>{change}</li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </div>
  );
}
