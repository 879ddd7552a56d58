// Owns /docs/signing: the quick start and the exact request-signing algorithm, with curl and Node examples, and how to
// verify webhook deliveries.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { CodeBlock } from '@/components/docs/code-block';
import { ErrorEnvelopeExamples } from '@/components/docs/error-envelope-examples';
import { WebhookSigningSection } from '@/components/docs/webhook-signing';
import { Table } from '@/components/ui/table';
import { CLOCK_TOLERANCE_SECONDS, MAX_TOKEN_LIFETIME_SECONDS } from '@/lib/auth/api-token';
import { computeBodyHash } from '@/lib/client/sign';

export const metadata: Metadata = { title: 'Signing requests' };

/** A test vector computed by the very function the server verifies with, for integrators in other languages. */
const VECTOR = {
  sharedSecret: 'example-shared-secret',
  uri: '/api/v2/sandbox/deposits',
  body: '{"amount":"250.00"}',
  nbf: 1767225600,
};
const VECTOR_HASH = computeBodyHash(VECTOR.sharedSecret, VECTOR.uri, VECTOR.body, VECTOR.nbf);

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

const NODE_CLIENT = `// lib/client has no dependency on the app besides jose: copy it into your project as it is.
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

async function authHeaders({ apiKey, privateKeyPem, sharedSecret }, uri, body /* Buffer or '' */) {
  const nbf = Math.floor(Date.now() / 1000);
  const bodyHash = createHmac('sha512', Buffer.from(sharedSecret, 'utf8'))
    .update(uri)              // path + ?query exactly as sent
    .update(body)             // the raw bytes you send, never re-serialised
    .update(String(nbf))      // decimal, no padding
    .digest('base64');        // standard alphabet, with = padding
  const token = await new SignJWT({ uri, bodyHash })
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
];

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
            send it (the server compares it with the path and query it received, byte for byte).
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
            below, signed with your P-256 private key. Only ES256 is accepted; <C>none</C>, HS256 and every
            other algorithm are refused.
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
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
          <li>The signature, with the public key registered to the API key in the header; ES256 only.</li>
          <li>
            <C>sub</C> is that API key; <C>uri</C> is the path and query received; <C>bodyHash</C> matches the
            body received (compared in constant time), for GET too.
          </li>
          <li>
            <C>nbf</C>, <C>iat</C> and <C>exp</C> are whole seconds, with {CLOCK_TOLERANCE_SECONDS} s of clock
            tolerance; <C>exp − iat</C> is at most {MAX_TOKEN_LIFETIME_SECONDS} s. Keep your clock
            synchronised (NTP).
          </li>
          <li>
            A token that made a state-changing request (POST, PUT, PATCH, DELETE) is accepted once: a replay
            gets 401 even with a new <C>Idempotency-Key</C>. To retry a POST, sign again and send the same{' '}
            <C>Idempotency-Key</C>.
          </li>
          <li>
            Any failure is the same 401 with no hint which check failed; repeated failures from one address
            are throttled (429).
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
          The client in <C>lib/client</C> signs each request, sends an <C>Idempotency-Key</C> on every POST
          (the same one on its retries), retries 429 and 5xx with exponential backoff honouring{' '}
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
        <h3 className="pt-2 text-sm font-semibold text-slate-900">A 401 you did not expect? Check that</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
          <li>
            the <C>--uri</C> you signed is byte for byte what the client sends (query order, percent-encoding,
            no trailing slash, no host);
          </li>
          <li>the body you signed is the file you send, not a re-serialised copy of it;</li>
          <li>
            the token is fresh: not reused for a second POST, and within its 60 s (at most 300 s) lifetime;
          </li>
          <li>your clock is within {CLOCK_TOLERANCE_SECONDS} s of the server's;</li>
          <li>the API key has not been revoked, and the private key is the one registered to it.</li>
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
