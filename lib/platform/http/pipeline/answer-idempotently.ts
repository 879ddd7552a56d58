// Owns answering a request that carries an Idempotency-Key: the handler runs at most once per
// key, in the transaction that stores its answer, and a retry gets the stored bytes back (Idempotent-Replayed: true).
import type { Principal } from '@/lib/platform/actor/actor';
import { isIdempotent, type Operation } from '@/lib/platform/operations/operation';
import { httpStatusOf } from '../error-status';
import {
  IDEMPOTENCY_HEADER,
  legacyRequestHash,
  REPLAY_HEADER,
  requestHash,
  runIdempotently,
  validateIdempotencyKey,
} from '../idempotency';
import { canonicalQuery } from '../raw-target';
import { errorBody } from '../render-error';
import type { Exchange } from './exchange';
import type { ParsedBody } from './parse-body';
import type { Run } from './run-handler';

/** The key, when the operation takes one, the request sent one and an organization's record can hold it. */
export function idempotencyKeyOf(operation: Operation, exchange: Exchange): string | null {
  const key = exchange.request.headers.get(IDEMPOTENCY_HEADER);
  return isIdempotent(operation) && key !== null && exchange.actor?.orgId ? key : null;
}

export async function answerIdempotently(
  exchange: Exchange,
  operation: Operation,
  key: string,
  input: { rawBody: Uint8Array; body: ParsedBody },
  run: Run,
): Promise<Response> {
  const { request, url, headers, area } = exchange;
  const actor = exchange.actor as Principal & { orgId: string };
  validateIdempotencyKey(key);
  const outcome = await runIdempotently(
    {
      orgId: actor.orgId,
      operation: `${operation.method} ${operation.path}`,
      key,
      principalId: principalIdOf(actor),
      requestHash: requestHash(
        request.method,
        url.pathname,
        canonicalQuery(url.searchParams),
        input.body.canonical,
      ),
      legacyRequestHash: legacyRequestHash(request.method, `${url.pathname}${url.search}`, input.rawBody),
    },
    async (tx) => {
      const result = await run(tx);
      if (result instanceof Response) throw new Error('idempotent operations must return data');
      return result;
    },
    (error) => ({ status: httpStatusOf(error.kind), body: errorBody(area, error) }),
  );
  if (outcome.replayed) headers.set(REPLAY_HEADER, 'true');
  // The stored bytes and content type, so a replay is byte-identical to the first answer.
  headers.set('content-type', outcome.contentType);
  headers.set('cache-control', 'no-store');
  return new Response(Buffer.from(outcome.body), { status: outcome.status, headers });
}

/** The person behind a request (lib/platform/actor/actor.ts): whose Idempotency-Key records it may replay. */
export function principalIdOf(actor: Principal): string {
  const person = actor.personId ?? actor.userId ?? actor.apiKeyId;
  if (!person) throw new Error('an organization actor always has a person');
  return person;
}
