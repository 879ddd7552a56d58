// Owns /docs/signing: the quick start and the exact request-signing algorithm, with curl and Node examples, and how to
// verify webhook deliveries.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { CodeBlock } from '@/components/docs/code-block';
import { ErrorEnvelopeExamples } from '@/components/docs/error-envelope-examples';
import { WebhookSigningSection } from '@/components/docs/webhook-signing';
import { Table } from '@/components/ui/table';
import {
  CLOCK_TOLERANCE_SECONDS,
  MAX_TOKEN_LIFETIME_SECONDS,
  TOKEN_REFUSAL_REASONS,
  type TokenRefusalReason,
} from '@/lib/identity/server';
import { computeBodyHash } from '@/lib/platform/client/sign';

export const metadata: Metadata = { title: 'Signing requests' };

/** A test vector computed by the very function the server verifies with, for integrators in other languages. */
const VECTOR = {
  sharedSecret: 'example-shared-secret',
  uri: '/api/v2/sandbox/deposits',
  body: '{"amount":"250.00"}',
  nbf: 1767225600,
};
const VECTOR_HASH = computeBodyHash(VECTOR.sharedSecret, VECTOR.uri, VECTOR.body, VECTOR.nbf);

/**
 * A second vector (2.7.0): the whole payload of a token carrying the `method` claim, for a bodyless DELETE. ES256
 * signatures are randomised, so a vector can fix the claims and the bodyHash, not the signature.
 */
const METHOD_VECTOR = {
  apiKey: 'sk_sandbox_example',
  sharedSecret: 'example-shared-secret',
  method: 'DELETE',
  uri: '/api/v2/webhooks/endpoints/0192a8e4-5b7c-7d1e-9f00-2b3c4d5e6f70',
  nbf: 1767225600,
};
const METHOD_VECTOR_PAYLOAD = JSON.stringify(
  {
    sub: METHOD_VECTOR.apiKey,
    uri: METHOD_VECTOR.uri,
    method: METHOD_VECTOR.method,
    nbf: METHOD_VECTOR.nbf,
    iat: METHOD_VECTOR.nbf,
    exp: METHOD_VECTOR.nbf + 60,
    bodyHash: computeBodyHash(METHOD_VECTOR.sharedSecret, METHOD_VECTOR.uri, '', METHOD_VECTOR.nbf),
    jti: '6f1c1f9e-3d2b-4a5c-8e7f-0a1b2c3d4e5f',
  },
  null,
  2,
);

const QUICK_START = `# Terminal 1: the app with an embedded database, in sandbox mode, on http://localhost:3000
npm start

# Terminal 2: a sandbox organization, an API key with its key pair, ready profiles and a funded balance
npm run --silent cli -- sandbox bootstrap --json > creds.json`;

const CURL_POST = `printf '{"amount":"250.00"}' > body.json     # the exact bytes you will send

npm run --silent cli -- sign --cred creds.json --method POST --uri /api/v2/sandbox/deposits --body-file body.json
# x-api-key: …
# Authorization: Bearer …

curl -H "x-api-key: …" -H "Authorization: Bearer …" \\
  -H 'content-type: application/json' -H 'Idempotency-Key: …' \\
  --data-binary @body.json http://localhost:3000/api/v2/sandbox/deposits`;

const CURL_SCRIPTED = `KEY=$(node -e 'console.log(crypto.randomUUID())')
mapfile -t AUTH < <(npm run --silent cli -- sign --cred creds.json --method POST \\
  --uri /api/v2/sandbox/deposits --body-file body.json)
curl -sS -H "\${AUTH[0]}" -H "\${AUTH[1]}" -H 'content-type: application/json' -H "Idempotency-Key: $KEY" \\
  --data-binary @body.json http://localhost:3000/api/v2/sandbox/deposits

# A GET signs an empty body; the query is part of the uri, exactly as sent
mapfile -t AUTH < <(npm run --silent cli -- sign --cred creds.json --method GET \\
  --uri '/api/v2/funding/transactions?limit=10')
curl -sS -H "\${AUTH[0]}" -H "\${AUTH[1]}" 'http://localhost:3000/api/v2/funding/transactions?limit=10'`;

const NODE_CLIENT = `// lib/platform/client has no dependency on the app besides jose: copy it into your project as it is.
import { readFileSync } from 'node:fs';
import { PayoutApiClient, PayoutApiError } from './lib/client/client';

const creds = JSON.parse(readFileSync('creds.json', 'utf8'));
const client = new PayoutApiClient({
  baseUrl: 'http://localhost:3000',
  apiKey: creds.api_key,
  privateKeyPem: creds.private_key_pem,
  sharedSecret: creds.shared_secret,
});

try {
  // Signed afresh on every attempt; POSTs get an Idempotency-Key that is reused across retries.
  const deposit = await client.post('/api/v2/sandbox/deposits', { amount: '250.00' });
  const balance = await client.get('/api/v2/funding/balance');
  console.log(deposit.status, balance.data); // 201 { currency: 'USDT', available: …, held: …, total: … }
} catch (error) {
  // Both envelopes arrive as one typed error; 429 and 5xx were already retried with backoff.
  if (error instanceof PayoutApiError) console.error(error.status, error.code, error.fieldErrors, error.requestId);
  else throw error;
}`;

const NODE_BY_HAND = `import { createHmac, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

async function authHeaders({ apiKey, privateKeyPem, sharedSecret }, method, uri, body /* Buffer or '' */) {
  const nbf = Math.floor(Date.now() / 1000);
  const bodyHash = createHmac('sha512', Buffer.from(sharedSecret, 'utf8'))
    .update(uri)              // path + ?query exactly as sent
    .update(body)             // the raw bytes you send, never re-serialised
    .update(String(nbf))      // decimal, no padding
    .digest('base64');        // standard alphabet, with = padding
  const token = await new SignJWT({ uri, method: method.toUpperCase(), bodyHash })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setSubject(apiKey)
    .setNotBefore(nbf)
    .setIssuedAt(nbf)
    .setExpirationTime(nbf + 60)
    .setJti(randomUUID())     // two identical requests in one second stay distinct
    .sign(await importPKCS8(privateKeyPem, 'ES256'));
  return { 'x-api-key': apiKey, authorization: \`Bearer \${token}\` };
}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="scroll-mt-6 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  );
}

const CLAIMS: [string, ReactNode][] = [
  ['sub', 'The API key (the same value as the x-api-key header).'],
  [
    'uri',
    <>
      The request path plus <C>?query</C> when there is one, exactly as sent: same encoding, same parameter
      order, no scheme or host.
    </>,
  ],
  ['nbf', 'Not before: whole seconds since the UNIX epoch. Also the last part of the bodyHash message.'],
  ['iat', 'Issued at, in whole seconds; the same as nbf in practice.'],
  ['exp', `Expiry, in whole seconds; exp − iat must be at most ${MAX_TOKEN_LIFETIME_SECONDS}.`],
  ['bodyHash', 'base64 HMAC-SHA512 of uri + raw body + nbf, keyed with the shared secret (below).'],
  ['jti', 'Optional: a random id so that two identical requests in the same second are distinct tokens.'],
  [
    'method',
    <>
      Optional in v2, recommended (since 2.7.0): the request's method in upper case (<C>GET</C>, <C>POST</C>,{' '}
      <C>DELETE</C>…; <C>HEAD</C> matches <C>GET</C>). The token is then refused for any other method. Without
      it, a token is good for any method of its <C>uri</C> until its first use: a read token that leaked (a
      log, a proxy, a browser extension) and was never used could still delete or change that resource.{' '}
      <C>lib/platform/client</C> and the CLI always send it.
    </>,
  ],
];

/** What the sandbox's `reason` means, and what to fix; every value the server can send, in its order. */
const REASONS: Record<TokenRefusalReason, ReactNode> = {
  uri_mismatch: (
    <>
      The <C>uri</C> claim is not the request target the server received; <C>compared_uri</C> shows that
      target. Sign the path and query exactly as your HTTP library sends them (some re-encode the query: sign
      what goes on the wire).
    </>
  ),
  body_hash_mismatch: (
    <>
      <C>bodyHash</C> does not cover the bytes received: the body was re-serialised after signing, or the
      message was not <C>uri</C> + body + <C>nbf</C>.
    </>
  ),
  signature_not_raw_r_s: (
    <>
      The signature is DER-encoded (an ASN.1 SEQUENCE, 70–72 bytes). A JWS ES256 signature is the raw{' '}
      <C>R‖S</C>, 64 bytes: convert it, or let a JWT library sign (OpenSSL, Java's <C>Signature</C> and .NET's
      default output are DER).
    </>
  ),
  nbf_in_milliseconds: (
    <>
      <C>nbf</C>, <C>iat</C> or <C>exp</C> is in milliseconds; they are whole seconds since the epoch.
    </>
  ),
  lifetime_too_long: (
    <>
      <C>exp − iat</C> is over {MAX_TOKEN_LIFETIME_SECONDS} s.
    </>
  ),
  token_replayed: (
    <>
      The token was used before: a state-changing request is accepted once per token, and a token keeps the
      method it was first used with (a read token may repeat a read). Sign again.
    </>
  ),
  key_revoked: <>The API key was revoked.</>,
  key_unknown: <>No API key has this value (a typo, or a key of the other environment).</>,
  expired: (
    <>
      <C>exp</C> has passed (with {CLOCK_TOLERANCE_SECONDS} s of tolerance), or is not after <C>iat</C>.
    </>
  ),
  not_yet_valid: (
    <>
      <C>nbf</C> or <C>iat</C> is more than {CLOCK_TOLERANCE_SECONDS} s ahead of the server's clock: check
      NTP.
    </>
  ),
  credentials_incomplete: (
    <>
      <C>x-api-key</C> without <C>Authorization: Bearer …</C>, or the other way round.
    </>
  ),
  token_malformed: <>The bearer token is not a JWT (three base64url parts, a JSON header and payload).</>,
  algorithm_not_es256: (
    <>
      The header's <C>alg</C> is not <C>ES256</C>.
    </>
  ),
  signature_invalid: <>The signature does not verify with the public key registered to this API key.</>,
  claims_missing: (
    <>
      One of <C>sub</C>, <C>uri</C>, <C>nbf</C>, <C>iat</C>, <C>exp</C>, <C>bodyHash</C> is missing.
    </>
  ),
  sub_mismatch: (
    <>
      <C>sub</C> is not the API key in <C>x-api-key</C>.
    </>
  ),
  time_claims_not_whole_seconds: (
    <>
      <C>nbf</C>, <C>iat</C> or <C>exp</C> is not a whole number.
    </>
  ),
  organization_suspended: <>The organization of this key is suspended.</>,
  method_mismatch: (
    <>
      The <C>method</C> claim is not the request's method (upper case; <C>HEAD</C> matches <C>GET</C>): sign
      each request with its own method.
    </>
  ),
};

export default function SigningGuidePage() {
  return (
    <div className="max-w-4xl space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Signing requests</h1>
        <p className="text-sm leading-6 text-slate-600">
          Every <C>/api/v2</C> request except the public documentation carries two headers: <C>x-api-key</C>{' '}
          and <C>Authorization: Bearer &lt;JWT&gt;</C>. The token is signed with ES256 by the private key
          registered to the API key, and binds the request's path, query and body with an HMAC keyed by the
          shared secret. Sign every request, and every retry, afresh.
        </p>
      </header>

      <Section id="quick-start" title="Quick start (sandbox)">
        <CodeBlock code={QUICK_START} label="shell" />
        <p className="text-sm leading-6 text-slate-600">
          <C>creds.json</C> holds <C>api_key</C>, <C>private_key_pem</C> (PKCS#8), <C>public_key_pem</C>,{' '}
          <C>shared_secret</C>, the ids of ready senders and beneficiaries, and the opening balance. The
          private key and the shared secret are shown only once: keep the file safe.
        </p>
      </Section>

      <Section id="algorithm" title="The algorithm, exactly">
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-6 text-slate-700">
          <li>
            <strong>uri</strong> = the request path plus <C>?query</C> when there is one, exactly as you will
            send it: the server compares it, byte for byte, with the request target as it arrived on the
            connection, before any decoding (<C>?from=2026-11-01T00:00:00Z</C>, <C>?type=a,b</C>, <C>%20</C>{' '}
            or <C>+</C>, a trailing <C>?</C>: whatever you send, sign the same). Never a fragment: a target
            with <C>#…</C> is refused with 400 <C>fragment_in_target</C>, signed or not. Never a trailing
            slash either: <C>/api/v2/funding/balance/</C> answers 308 with <C>Location</C> the path without it
            (query kept) before anything is checked or counted, and a token signed for the slashed uri does
            not fit the new target: sign and send the path without the slash (or sign again for the{' '}
            <C>Location</C>).
          </li>
          <li>
            <strong>nbf</strong> = now, in whole seconds since the UNIX epoch.
          </li>
          <li>
            <strong>message</strong> = the UTF-8 bytes of <C>uri</C>, then the raw body bytes exactly as sent
            (empty for GET; for multipart, the multipart bytes), then <C>nbf</C> as a decimal integer (
            <C>1767225600</C>).
          </li>
          <li>
            <strong>bodyHash</strong> = HMAC-SHA512(key = the UTF-8 bytes of the shared secret string as
            issued, message), encoded in standard base64 <em>with</em> padding.
          </li>
          <li>
            <strong>token</strong> = a JWT with header <C>{'{"alg":"ES256","typ":"JWT"}'}</C> and the claims
            below (include <C>method</C>: see its row), signed with your P-256 private key. Only ES256 is
            accepted; <C>none</C>, HS256 and every other algorithm are refused. The signature is the raw{' '}
            <C>R‖S</C> (64 bytes, RFC 7518 §3.4), not the DER encoding many crypto libraries return: a JWT
            library does this for you.
          </li>
          <li>
            Send <C>x-api-key: &lt;API key&gt;</C> and <C>Authorization: Bearer &lt;token&gt;</C> with the
            request.
          </li>
        </ol>
        <Table columns={['Claim', 'Content']}>
          {CLAIMS.map(([claim, content]) => (
            <tr key={claim} className="align-top">
              <td className="px-3 py-2 font-mono text-xs text-slate-900">{claim}</td>
              <td className="px-3 py-2 text-xs leading-5 text-slate-600">{content}</td>
            </tr>
          ))}
        </Table>
        <h3 className="pt-2 text-sm font-semibold text-slate-900">What the server checks</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700 [overflow-wrap:anywhere]">
          <li>The signature, with the public key registered to the API key in the header; ES256 only.</li>
          <li>
            <C>sub</C> is that API key; <C>uri</C> is the request target received, byte for byte; a{' '}
            <C>method</C> claim, when present, is the request's method; <C>bodyHash</C> matches the body
            received (compared in constant time), for GET too. The body is read only once everything else has
            passed — the token, the key, the rate limit and the role — so a refused request's body is never
            read and its connection is closed.
          </li>
          <li>
            <C>nbf</C>, <C>iat</C> and <C>exp</C> are whole seconds, with {CLOCK_TOLERANCE_SECONDS} s of clock
            tolerance; <C>exp − iat</C> is at most {MAX_TOKEN_LIFETIME_SECONDS} s. Keep your clock
            synchronised (NTP).
          </li>
          <li>
            A token that made a state-changing request (POST, PUT, PATCH, DELETE) is accepted once: a replay
            gets 401 even with a new <C>Idempotency-Key</C>. To retry a POST, sign again and send the same{' '}
            <C>Idempotency-Key</C>. A token keeps the method it was first used with: one used for a GET may
            repeat that GET within its lifetime, but never makes a DELETE (or any other change) of the same
            URI.
          </li>
          <li>
            In production any failure is the same 401 with no hint which check failed; the sandbox says which
            (
            <a href="#refusal-reasons" className="underline">
              below
            </a>
            ). Repeated failures from one address are throttled (429).
          </li>
        </ul>
      </Section>

      <Section id="curl" title="A worked example with curl">
        <p className="text-sm leading-6 text-slate-600">
          Simulate a deposit of 250 USDT in the sandbox. The CLI prints the two header lines for one request,
          valid for 60 seconds; paste them into curl. Use <C>--data-binary</C>: <C>-d</C> strips newlines and
          the body would no longer match its hash.
        </p>
        <CodeBlock code={CURL_POST} label="shell" />
        <p className="text-sm leading-6 text-slate-600">
          The same without copying by hand, and a signed GET:
        </p>
        <CodeBlock code={CURL_SCRIPTED} label="bash" />
      </Section>

      <Section id="node" title="Node: the PayoutApiClient">
        <p className="text-sm leading-6 text-slate-600">
          The client in <C>lib/platform/client</C> signs each request, sends an <C>Idempotency-Key</C> on
          every POST (the same one on its retries), retries 429 and 5xx with exponential backoff honouring{' '}
          <C>Retry-After</C> and <C>X-RateLimit-Reset</C>, and parses both error envelopes into one{' '}
          <C>PayoutApiError</C>.
        </p>
        <CodeBlock code={NODE_CLIENT} label="TypeScript" />
      </Section>

      <Section id="by-hand" title="Signing it yourself">
        <p className="text-sm leading-6 text-slate-600">
          In any language: an HMAC-SHA512, a base64 encoder and an ES256 JWT library. In Node with <C>jose</C>
          :
        </p>
        <CodeBlock code={NODE_BY_HAND} label="JavaScript" />
        <p className="text-sm leading-6 text-slate-600">Check your bodyHash against this test vector:</p>
        <CodeBlock
          label="test vector"
          code={`shared secret  ${VECTOR.sharedSecret}
uri            ${VECTOR.uri}
body           ${VECTOR.body}
nbf            ${VECTOR.nbf}
bodyHash       ${VECTOR_HASH}`}
        />
        <p className="text-sm leading-6 text-slate-600">
          And a token's whole payload with the <C>method</C> claim, for a <C>DELETE</C> (no body) with shared
          secret <C>{METHOD_VECTOR.sharedSecret}</C>: sign it with your key and the server accepts it for a{' '}
          <C>DELETE</C> of that <C>uri</C> only (the times must of course be current).
        </p>
        <CodeBlock label="test vector: token payload with method" code={METHOD_VECTOR_PAYLOAD} />
      </Section>

      <Section id="raw-target" title="Running the server: the exact request target">
        <p className="text-sm leading-6 text-slate-600">
          The server compares <C>uri</C> with the target on the connection, not with the URL the framework
          rebuilds (which regroups repeated parameters, drops a trailing <C>?</C> and re-encodes). It reads
          that target itself, and uses it only when it names the very request that was routed (same path, same
          query pairs); a client cannot supply it.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700 [overflow-wrap:anywhere]">
          <li>
            <C>npm start</C>: its front takes the target from the socket and passes it to the app in{' '}
            <C>X-Payout-Raw-Target</C>, replacing any such header a client sent.
          </li>
          <li>
            Plain <C>next start</C>: the app's start-up (<C>instrumentation.ts</C>) subscribes to Node's{' '}
            <C>http.server.request.start</C> channel and does the same for Next's own server. Nothing to
            configure.
          </li>
          <li>
            Behind a reverse proxy or load balancer: it must forward the request target unchanged. With nginx,{' '}
            <C>proxy_pass http://upstream;</C> with no URI part (a URI part, or a rewrite to <C>$uri</C>,
            sends the decoded and re-encoded path); HAProxy, Envoy and cloud load balancers forward it as
            received unless a normalisation option is turned on. Set <C>TRUSTED_PROXY_HOPS</C> for the client
            address as before.
          </li>
        </ul>
      </Section>

      <WebhookSigningSection />

      <Section id="errors" title="When a request is refused">
        <p className="text-sm leading-6 text-slate-600">
          Errors come in the envelope of the path: the liquidity envelope under <C>/api/v2/liquidity/</C>, the
          payouts envelope everywhere else. Every response carries <C>X-Request-Id</C>: quote it to support.
          Every authenticated response carries <C>X-RateLimit-Limit</C>, <C>X-RateLimit-Remaining</C> and{' '}
          <C>X-RateLimit-Reset</C>; a 429 adds <C>Retry-After</C>.
        </p>
        <ErrorEnvelopeExamples />
        <h3 id="refusal-reasons" className="scroll-mt-6 pt-2 text-sm font-semibold text-slate-900">
          Why a token was refused (sandbox only)
        </h3>
        <p className="text-sm leading-6 text-slate-600">
          Like a test mode, the sandbox adds <C>reason</C> to an <C>invalid_token</C> error (
          <C>error.reason</C> in the liquidity envelope) and, for <C>uri_mismatch</C>, <C>compared_uri</C>:
          the target the server compared your claim with. Production never sends either.
        </p>
        <CodeBlock
          label="401 in the sandbox"
          code={`{
  "statusCode": 401,
  "code": "invalid_token",
  "message": "Invalid or missing credentials",
  "reason": "uri_mismatch",
  "compared_uri": "/api/v2/orders/export?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z"
}`}
        />
        <Table columns={['reason', 'What to fix']}>
          {TOKEN_REFUSAL_REASONS.map((reason) => (
            <tr key={reason} className="align-top">
              <td className="px-3 py-2 font-mono text-xs text-slate-900">{reason}</td>
              <td className="px-3 py-2 text-xs leading-5 text-slate-600">{REASONS[reason]}</td>
            </tr>
          ))}
        </Table>
        <h3 className="pt-2 text-sm font-semibold text-slate-900">A 401 you did not expect? Check that</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700 [overflow-wrap:anywhere]">
          <li>
            the <C>--uri</C> you signed is byte for byte what the client sends (query order, percent-encoding,
            no trailing slash, no host);
          </li>
          <li>the body you signed is the file you send, not a re-serialised copy of it;</li>
          <li>
            the token is fresh: not reused for a second POST, and within its 60 s (at most 300 s) lifetime;
          </li>
          <li>your clock is within {CLOCK_TOLERANCE_SECONDS} s of the server's;</li>
          <li>the API key has not been revoked, and the private key is the one registered to it;</li>
          <li>
            your signature is the raw 64-byte <C>R‖S</C>, not DER (<C>signature_not_raw_r_s</C> in the
            sandbox).
          </li>
        </ul>
        <p className="text-sm text-slate-600">
          Every operation and its errors: the{' '}
          <Link href="/docs/api" className="font-medium text-slate-900 underline">
            API reference
          </Link>
          .
        </p>
      </Section>
    </div>
  );
}
