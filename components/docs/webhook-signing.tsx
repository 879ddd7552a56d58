// Owns the webhooks part of the signing guide: what a delivery carries, how to verify it, and how deliveries behave.
import type { ReactNode } from 'react';
import { CodeBlock } from '@/components/docs/code-block';
import { Table } from '@/components/ui/table';
import {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookSignatureHeader,
} from '@/lib/platform/client/webhooks';

/** Computed by the very function the server signs deliveries with. */
const VECTOR = {
  secret: 'whsec_example_secret',
  timestamp: 1767225600,
  body: '{"id":"019b7a4e-0000-7000-8000-000000000001","type":"webhook_endpoint.test","created_at":"2026-01-01T00:00:00.000Z","data":{"object":{"id":"019b7a4e-0000-7000-8000-0000000000aa","object":"webhook_endpoint"}}}',
};
const VECTOR_HEADER = webhookSignatureHeader([VECTOR.secret], VECTOR.timestamp, VECTOR.body);

const WITH_CLIENT = `// lib/platform/client/webhooks.ts has no dependency besides node:crypto: copy it into your project.
import express from 'express';
import { verifyWebhook, WebhookSignatureError } from './lib/client/webhooks';

const app = express();
const seen = new Set<string>(); // use your database: deliveries may repeat

// The raw body, exactly as received: a re-serialised JSON object would not match its signature.
app.post('/webhooks/payouts', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = verifyWebhook(req.body, req.headers['payout-signature'], process.env.PAYOUT_WEBHOOK_SECRET!);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return res.status(400).send(error.reason);
    throw error;
  }
  res.sendStatus(204); // answer within 10 s, then do the work
  if (seen.has(event.id)) return; // already handled: deliveries are at-least-once
  seen.add(event.id);
  queueWork(event.type, event.data.object);
});`;

const NEXT_ROUTE = `// app/webhooks/payouts/route.ts in a Next.js app
import { verifyWebhook } from './lib/client/webhooks';

export async function POST(request: Request) {
  const body = await request.text(); // raw text, not request.json()
  try {
    const event = verifyWebhook(body, request.headers.get('payout-signature'), process.env.PAYOUT_WEBHOOK_SECRET!);
    await enqueue(event); // deduplicate on event.id
    return new Response(null, { status: 204 });
  } catch {
    return new Response('bad signature', { status: 400 });
  }
}`;

const BY_HAND = `import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(rawBody, header, secret, toleranceSeconds = ${DEFAULT_WEBHOOK_TOLERANCE_SECONDS}) {
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value);
  const expected = createHmac('sha256', secret)            // the whole secret, whsec_ included
    .update(\`\${t}.\${rawBody}\`)                            // timestamp, a dot, the raw body
    .digest('hex');
  const ok = signatures.some((s) => s.length === expected.length &&
    timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
  if (!ok || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) throw new Error('invalid signature');
  return JSON.parse(rawBody);
}`;

const TESTING = `import { generateTestHeaderString } from './lib/client/webhooks';

const payload = JSON.stringify({ id: 'evt-1', type: 'order.completed', created_at: new Date().toISOString(),
  data: { object: { id: 'order-1' } } });
const header = generateTestHeaderString({ payload, secret: 'whsec_test' });
// POST payload to your handler with 'Payout-Signature: <header>' and assert it is accepted.`;

function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  );
}

const HEADERS: [string, string][] = [
  [
    WEBHOOK_SIGNATURE_HEADER,
    't=<unix seconds>,v1=<hex HMAC-SHA256>: one v1 per valid secret (two while a rotated secret overlaps)',
  ],
  [WEBHOOK_EVENT_ID_HEADER, 'The event id, also in the body: deduplicate on it'],
  [WEBHOOK_EVENT_TYPE_HEADER, 'The event type, also in the body'],
  ['Content-Type', 'application/json'],
  ['User-Agent', 'PayoutPortal-Webhooks/1.0 (+<this deployment>/docs/signing)'],
];

export function WebhookSigningSection() {
  return (
    <section aria-labelledby="webhooks" className="space-y-3">
      <h2 id="webhooks" className="scroll-mt-6 text-lg font-semibold text-slate-900">
        Verifying webhooks
      </h2>
      <p className="text-sm leading-6 text-slate-600">
        Register an endpoint (<C>POST /api/v2/webhooks/endpoints</C>, or Settings → Webhooks in the portal)
        and every event of the types it subscribes to is POSTed to it as it happens. The body is the event,
        exactly as <C>GET /api/v2/events/{'{eventId}'}</C> returns it:{' '}
        <C>{'{"id", "type", "created_at", "data": {"object"}}'}</C>, where <C>object</C> is the resource in
        its API shape at that moment. Check the signature of every delivery before you trust it.
      </p>
      <Table columns={['Header', 'Content']}>
        {HEADERS.map(([name, content]) => (
          <tr key={name} className="align-top">
            <td className="px-3 py-2 font-mono text-xs text-slate-900">{name}</td>
            <td className="px-3 py-2 text-xs leading-5 text-slate-600">{content}</td>
          </tr>
        ))}
      </Table>
      <h3 className="pt-2 text-sm font-semibold text-slate-900">The signature, exactly</h3>
      <ol className="list-decimal space-y-2 pl-5 text-sm leading-6 text-slate-700">
        <li>
          Split <C>{WEBHOOK_SIGNATURE_HEADER}</C> on <C>,</C>; take <C>t</C> and every <C>v1</C> (ignore other
          schemes).
        </li>
        <li>
          <strong>message</strong> = <C>t</C> as a decimal integer, a <C>.</C>, then the raw request body
          bytes exactly as received (never a re-serialised JSON object).
        </li>
        <li>
          <strong>expected</strong> = hex HMAC-SHA256(key = the UTF-8 bytes of the endpoint&apos;s whole
          secret, <C>whsec_</C> included, message).
        </li>
        <li>
          Accept when any <C>v1</C> equals <C>expected</C> (compare in constant time) <em>and</em> <C>t</C> is
          within <strong>{DEFAULT_WEBHOOK_TOLERANCE_SECONDS} seconds</strong> of your clock; refuse anything
          else with a 400. The tolerance stops an old delivery from being replayed: keep your clock
          synchronised (NTP).
        </li>
      </ol>
      <CodeBlock
        label="test vector"
        code={`secret            ${VECTOR.secret}
t                 ${VECTOR.timestamp}
body              ${VECTOR.body}
${WEBHOOK_SIGNATURE_HEADER}  ${VECTOR_HEADER}`}
      />
      <h3 className="pt-2 text-sm font-semibold text-slate-900">With the TypeScript client</h3>
      <p className="text-sm leading-6 text-slate-600">
        <C>verifyWebhook(rawBody, signatureHeader, secret, {'{ toleranceSeconds }'})</C> returns the event or
        throws a <C>WebhookSignatureError</C> whose <C>reason</C> says why (<C>missing_header</C>,{' '}
        <C>malformed_header</C>, <C>no_matching_signature</C>, <C>timestamp_outside_tolerance</C>,{' '}
        <C>invalid_payload</C>), like Stripe&apos;s <C>constructEvent</C>.
      </p>
      <CodeBlock code={WITH_CLIENT} label="TypeScript (Express)" />
      <CodeBlock code={NEXT_ROUTE} label="TypeScript (Next.js route)" />
      <h3 className="pt-2 text-sm font-semibold text-slate-900">By hand</h3>
      <CodeBlock code={BY_HAND} label="JavaScript" />
      <h3 className="pt-2 text-sm font-semibold text-slate-900">Testing your receiver</h3>
      <p className="text-sm leading-6 text-slate-600">
        <C>generateTestHeaderString</C> signs any payload with any secret, as Stripe&apos;s helper of that
        name does; <C>POST /api/v2/webhooks/endpoints/{'{endpointId}'}/test</C> sends a real, signed{' '}
        <C>webhook_endpoint.test</C> event to a registered endpoint.
      </p>
      <CodeBlock code={TESTING} label="TypeScript" />
      <h3 className="pt-2 text-sm font-semibold text-slate-900">How deliveries behave</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700 [overflow-wrap:anywhere]">
        <li>
          <strong>At least once, in no particular order.</strong> The same event may arrive more than once (a
          retry after a timeout, a re-send) and events may arrive out of order: deduplicate on the event id,
          and read the current state with the API when order matters.
        </li>
        <li>
          Any 2xx answer within <strong>10 seconds</strong> is a success; answer first, then work. Anything
          else (3xx included: redirects are not followed), a timeout or a refused connection is retried with
          exponential backoff and jitter — the first retry within a minute, then at growing intervals of up to
          6 hours — for <strong>3 days</strong>. Then the endpoint is disabled and your admins see why in the
          portal; re-enable it once fixed (<C>PATCH … {'{"enabled": true}'}</C>) and list what you missed with{' '}
          <C>GET /api/v2/events</C> (events are kept at least 30 days).
        </li>
        <li>
          Each endpoint&apos;s delivery log (<C>GET /api/v2/webhooks/endpoints/{'{endpointId}'}/deliveries</C>
          ) shows every delivery&apos;s attempts, the last answer&apos;s status, latency and first KiB, and
          the next attempt; <C>POST /api/v2/webhooks/deliveries/{'{deliveryId}'}/resend</C> sends one again
          now, with the same event id and body.
        </li>
        <li>
          <strong>Rotating a secret</strong> (<C>POST …/rotate-secret</C>) returns the new one, once. For 24
          hours each delivery carries two <C>v1</C> signatures, one per secret, so you can deploy the new
          secret without missing a delivery; pass <C>previous_secret_valid_hours: 0</C> to retire a leaked one
          at once.
        </li>
        <li>
          URLs must be <C>https</C>, and the host must resolve only to public addresses (never private,
          loopback, link-local, shared or cloud metadata addresses); this is checked when the endpoint is
          saved and again before every delivery, which goes to the very address that was checked. The embedded
          sandbox (<C>npm start</C> without <C>DATABASE_URL</C>) lifts the rule so you can receive on{' '}
          <C>http://localhost</C>; elsewhere set <C>WEBHOOK_ALLOW_PRIVATE_URLS=true</C> for local testing
          (never in production).
        </li>
      </ul>
    </section>
  );
}
