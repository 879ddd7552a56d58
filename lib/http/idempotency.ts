// Owns Idempotency-Key semantics (Stripe's): scoped to organization + operation, replay of the stored
// response, 409 on a different body or while the first request runs, never two executions.
import { and, eq, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { idempotencyRecords } from '@/db/schema/platform';
import { now } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto/hash';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'Idempotent-Replayed';
/** An in-progress record older than this belongs to a request that died; its transaction rolled back. */
const ABANDONED_AFTER_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyScope {
  orgId: string;
  /** `METHOD /path/pattern` of the operation. */
  operation: string;
  key: string;
  /** Hash of what makes two requests "the same": method, path as sent, raw body. */
  requestHash: string;
}

export function validateIdempotencyKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw ApiError.validation([
      {
        field: 'Idempotency-Key',
        code: 'invalid',
        message: 'Idempotency-Key: must be 1 to 255 visible ASCII characters',
      },
    ]);
  }
}

export function requestHash(method: string, uri: string, rawBody: Uint8Array): string {
  return sha256Hex(Buffer.concat([Buffer.from(`${method} ${uri}\n`), rawBody]));
}

/** Claims the key (committed at once so a concurrent duplicate sees it), or explains why it cannot. */
async function claim(scope: IdempotencyScope): Promise<{ recordId: string } | { replay: StoredResponse }> {
  const expiresAt = new Date(now().getTime() + env().IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const [claimed] = await db()
    .insert(idempotencyRecords)
    .values({ ...scope, state: 'in_progress', expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyRecords.orgId, idempotencyRecords.operation, idempotencyRecords.key],
      set: {
        requestHash: scope.requestHash,
        state: 'in_progress',
        createdAt: now(),
        expiresAt,
        responseStatus: null,
      },
      // Take over only a record that is past its retention, or an abandoned attempt at the same request.
      setWhere: sqlTakeover(scope.requestHash),
    })
    .returning({ id: idempotencyRecords.id });
  if (claimed) return { recordId: claimed.id };

  const [existing] = await db()
    .select()
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.orgId, scope.orgId),
        eq(idempotencyRecords.operation, scope.operation),
        eq(idempotencyRecords.key, scope.key),
      ),
    );
  if (!existing) throw new ApiError('idempotency_key_in_use');
  if (existing.requestHash !== scope.requestHash) throw new ApiError('idempotency_key_reused');
  if (existing.state !== 'completed' || existing.responseStatus === null)
    throw new ApiError('idempotency_key_in_use');
  return { replay: { status: existing.responseStatus, body: existing.responseBody } };
}

function sqlTakeover(hash: string) {
  return sql`${idempotencyRecords.expiresAt} < now() or (${idempotencyRecords.state} = 'in_progress'
    and ${idempotencyRecords.requestHash} = ${hash}
    and ${idempotencyRecords.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))`;
}

/**
 * Runs `execute` at most once per key. Its database work and the stored response commit in one
 * transaction, so a crash can never leave an effect without its record. A refusal (ApiError 4xx) is stored
 * and replayed like a success; an unexpected failure frees the key so the client can retry.
 */
export async function runIdempotently(
  scope: IdempotencyScope,
  execute: (tx: Tx) => Promise<StoredResponse>,
  renderRefusal: (error: ApiError) => StoredResponse,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimed = await claim(scope);
  if ('replay' in claimed) return { ...claimed.replay, replayed: true };
  const recordId = claimed.recordId;
  try {
    const result = await db().transaction(async (tx) => {
      const response = await execute(tx);
      await complete(tx, recordId, response);
      return response;
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const refusal = renderRefusal(error);
      await complete(db(), recordId, refusal);
      throw error;
    }
    await db().delete(idempotencyRecords).where(eq(idempotencyRecords.id, recordId));
    throw error;
  }
}

async function complete(executor: Executor, recordId: string, response: StoredResponse) {
  await executor
    .update(idempotencyRecords)
    .set({
      state: 'completed',
      responseStatus: response.status,
      responseBody: response.body,
      completedAt: now(),
    })
    .where(eq(idempotencyRecords.id, recordId));
}
