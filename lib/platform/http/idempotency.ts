// Owns Idempotency-Key semantics (Stripe's): scoped to organization + operation, replay of the stored
// response (byte for byte) to the principal that sent it, 409 on a different body, another principal or while the
// first request runs, never two executions.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Tx } from '@/db/client';
import { idempotencyRecords } from '@/db/schema/platform/requests';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { typedRows } from '@/lib/platform/db/typed-rows';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from './error-status';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'Idempotent-Replayed';
/**
 * An in-progress record older than this belongs to a request that died, and a retry may take it over. It is
 * safe because no attempt can still commit by then: an attempt completes only within TRANSACTION_DEADLINE of
 * its claim (checked under the record's row lock at the end of its transaction), and the connection
 * timeouts (db/client.ts) end a stuck statement or transaction long before.
 */
export const ABANDONED_AFTER_SECONDS = 120;
/** The longest an attempt may take from claim to commit; past it the attempt rolls back. */
export const TRANSACTION_DEADLINE_SECONDS = 60;
/**
 * An in-progress record at least this old whose attempt holds no transaction (its instance was killed, or the
 * database dropped it) is taken over by a retry at once rather than after ABANDONED_AFTER_SECONDS. Younger, the
 * attempt may simply not have begun its transaction yet.
 */
export const IDLE_ATTEMPT_SECONDS = 5;
/** First key of an attempt's advisory lock, held by its transaction (the second is hashtext(record id)); "idem". */
const ATTEMPT_LOCK_CLASS = 0x6964656d;
const attemptLock = (recordId: string) => sql`${ATTEMPT_LOCK_CLASS}::int, hashtext(${recordId}::text)`;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What an operation answers: serialized once, stored and sent as the same bytes. */
export interface OperationResult {
  status: number;
  body: unknown;
}

export interface StoredResponse {
  status: number;
  /** The exact bytes sent the first time. */
  body: Uint8Array;
  contentType: string;
}

export interface IdempotencyScope {
  orgId: string;
  /** `METHOD /path/pattern` of the operation. */
  operation: string;
  key: string;
  /**
   * The person behind the request (Principal.personId): a session's user, an API key's creator, or a key no user
   * created. The lookup stays per (organization, operation, key), so a client retrying with a rotated key of the same
   * person replays, and another principal's request with the key is 409: neither a replay nor an execution.
   */
  principalId: string;
  /** Hash of what makes two requests "the same" (requestHash below). */
  requestHash: string;
  /** The hash as records stored before 2.4.0 have it (method, uri as sent, raw bytes), so their retries still replay. */
  legacyRequestHash?: string;
}

/**
 * Test-only fault injection. `afterCommit` runs once the operation's transaction has committed and before
 * the response is built; throwing there is what a lost COMMIT acknowledgement looks like to this code (the
 * work committed, the caller sees an error).
 */
export const idempotencyFaults: {
  afterCommit?: () => void;
  /** Throwing here is the connection dropping inside the operation's transaction (the database restarting). */
  beforeComplete?: () => void;
  /** Throwing here is the database still being unreachable when the failed attempt frees its key. */
  release?: () => void;
} = {};

/** The record was taken over, or the attempt ran past its deadline: this attempt must not commit. */
class ClaimLost extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ClaimLost';
  }
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

/** JSON with every object's keys sorted: one text per value, whatever the whitespace and key order it came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const entries = Object.entries(item as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

/**
 * What makes two requests "the same" for an Idempotency-Key: the method, the routed path, the query as parsed and
 * the body as parsed (`body` is canonical: lib/platform/http/handle.ts gives JSON through canonicalJson, multipart as its
 * fields and the SHA-256 of each file). The same JSON re-serialised with other whitespace or key order is the same
 * request; a client library that re-encodes its body on a retry gets the replay, not idempotency_key_reused.
 */
export function requestHash(method: string, path: string, query: unknown, body: string): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(query)}\n${body}`);
}

/** The hash of records stored before 2.4.0: method, uri as sent and the raw bytes. */
export function legacyRequestHash(method: string, uri: string, rawBody: Uint8Array): string {
  return sha256Hex(Buffer.concat([Buffer.from(`${method} ${uri}\n`), rawBody]));
}

function serialize(result: OperationResult): StoredResponse {
  return {
    status: result.status,
    body: Buffer.from(JSON.stringify(result.body)),
    contentType: JSON_CONTENT_TYPE,
  };
}

interface Claim {
  recordId: string;
  attemptId: string;
  claimedAt: Date;
}

/** Claims the key (committed at once so a concurrent duplicate sees it), or explains why it cannot. */
async function claim(scope: IdempotencyScope): Promise<Claim | { replay: StoredResponse }> {
  const attemptId = randomUUID();
  const claimedAt = now();
  const expiresAt = new Date(claimedAt.getTime() + env().IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const abandonedBefore = new Date(claimedAt.getTime() - ABANDONED_AFTER_SECONDS * 1000);
  // This attempt, whether it inserts the record or takes an old one over.
  const attempt = {
    requestHash: scope.requestHash,
    principalId: scope.principalId,
    state: 'in_progress' as const,
    attemptId,
    createdAt: claimedAt,
    expiresAt,
  };
  const [claimed] = await db()
    .insert(idempotencyRecords)
    .values({ orgId: scope.orgId, operation: scope.operation, key: scope.key, ...attempt })
    .onConflictDoUpdate({
      target: [idempotencyRecords.orgId, idempotencyRecords.operation, idempotencyRecords.key],
      set: {
        ...attempt,
        responseStatus: null,
        responseBody: null,
        responseContentType: null,
        completedAt: null,
      },
      // Take over only a record that is past its retention, or an abandoned attempt at the same request by the same
      // principal.
      setWhere: sql`${idempotencyRecords.expiresAt} < ${claimedAt.toISOString()}::timestamptz
        or (${idempotencyRecords.state} = 'in_progress'
            and ${idempotencyRecords.requestHash} = ${scope.requestHash}
            and ${idempotencyRecords.principalId} is not distinct from ${scope.principalId}::uuid
            and ${idempotencyRecords.createdAt} < ${abandonedBefore.toISOString()}::timestamptz)`,
    })
    .returning({ id: idempotencyRecords.id });
  if (claimed) return { recordId: claimed.id, attemptId, claimedAt };

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
  // Before the body comparison, so another caller learns nothing of the first request. A record from before 2.7.0
  // names no principal: it replays as it did then (it expires within IDEMPOTENCY_TTL_HOURS of the upgrade).
  if (existing.principalId !== null && existing.principalId !== scope.principalId) {
    throw new ApiError('idempotency_key_reused');
  }
  if (existing.requestHash !== scope.requestHash && existing.requestHash !== scope.legacyRequestHash) {
    throw new ApiError('idempotency_key_reused');
  }
  if (existing.state !== 'completed' || existing.responseStatus === null || !existing.responseBody) {
    const taken =
      existing.state === 'in_progress' && existing.requestHash === scope.requestHash
        ? await takeOverIdle(existing, { attemptId, claimedAt, expiresAt })
        : undefined;
    if (taken) return taken;
    throw new ApiError('idempotency_key_in_use');
  }
  return {
    replay: {
      status: existing.responseStatus,
      body: existing.responseBody,
      contentType: existing.responseContentType ?? JSON_CONTENT_TYPE,
    },
  };
}

/**
 * Takes over an attempt that is no longer running: old enough to have begun its transaction, and no transaction holds
 * its lock. Safe even if it were running after all: an attempt commits only while it still owns the record.
 */
async function takeOverIdle(
  record: { id: string; attemptId: string; createdAt: Date },
  next: { attemptId: string; claimedAt: Date; expiresAt: Date },
): Promise<Claim | undefined> {
  if (next.claimedAt.getTime() - record.createdAt.getTime() < IDLE_ATTEMPT_SECONDS * 1000) return undefined;
  return db().transaction(async (tx) => {
    const [lock] = await typedRows(
      tx,
      z.object({ free: z.boolean() }),
      sql`select pg_try_advisory_xact_lock(${attemptLock(record.id)}) as free`,
    );
    if (!lock?.free) return undefined;
    const [taken] = await tx
      .update(idempotencyRecords)
      .set({ attemptId: next.attemptId, createdAt: next.claimedAt, expiresAt: next.expiresAt })
      .where(
        and(
          eq(idempotencyRecords.id, record.id),
          eq(idempotencyRecords.attemptId, record.attemptId),
          eq(idempotencyRecords.state, 'in_progress'),
        ),
      )
      .returning({ id: idempotencyRecords.id });
    return taken ? { recordId: taken.id, attemptId: next.attemptId, claimedAt: next.claimedAt } : undefined;
  });
}

/**
 * Runs `execute` at most once per key. Its database work and the stored response commit in one
 * transaction, and that transaction commits only while this attempt still owns the record (checked under
 * the record's row lock), so a crash can never leave an effect without its record and a takeover can never
 * run the work twice. A refusal (ApiError 4xx) is stored and replayed like a success. An unexpected failure
 * frees the key only while the record is still this attempt's and in progress: if the work committed and
 * only the acknowledgement was lost, the record is completed and a retry replays it.
 */
export async function runIdempotently(
  scope: IdempotencyScope,
  execute: (tx: Tx) => Promise<OperationResult>,
  renderRefusal: (error: ApiError) => OperationResult,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimed = await claim(scope);
  if ('replay' in claimed) return { ...claimed.replay, replayed: true };
  try {
    const result = await db().transaction(async (tx) => {
      // Held while this attempt works: a retry that could take the lock knows no live attempt holds the key.
      await tx.execute(sql`select pg_advisory_xact_lock(${attemptLock(claimed.recordId)})`);
      const response = serialize(await execute(tx));
      idempotencyFaults.beforeComplete?.();
      await completeOwned(tx, claimed, response);
      return response;
    });
    idempotencyFaults.afterCommit?.();
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof ClaimLost) {
      // Another attempt owns the key now (or ours ran out of time): its outcome is the key's outcome.
      throw new ApiError('idempotency_key_in_use');
    }
    if (error instanceof ApiError && httpStatusOf(error.kind) < 500) {
      await completeIfOwned(claimed, serialize(renderRefusal(error)));
      throw error;
    }
    await releaseClaim(claimed).catch(() => releaseLater(claimed));
    throw error;
  }
}

/** Frees the key of an attempt that failed, unless it completed after all (its work committed) or was taken over. */
async function releaseClaim(claimed: Claim): Promise<void> {
  idempotencyFaults.release?.();
  await db()
    .delete(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.id, claimed.recordId),
        eq(idempotencyRecords.attemptId, claimed.attemptId),
        eq(idempotencyRecords.state, 'in_progress'),
      ),
    );
}

/** Seconds between attempts to free a claim while the database is unreachable. */
const RELEASE_RETRY_SECONDS = 1;

/**
 * The attempt failed because the database went away (a restart, a failover), so the claim could not be freed either:
 * without this the key would answer `idempotency_key_in_use` to every retry until the takeover age, long after the
 * database is back. Freeing it later is as safe as freeing it now: the delete matches only this attempt's record while
 * still in progress, and a committed attempt's record is already completed (work and completion commit together).
 */
function releaseLater(claimed: Claim): void {
  const giveUpAt = claimed.claimedAt.getTime() + ABANDONED_AFTER_SECONDS * 1000;
  const retry = () => {
    if (Date.now() > giveUpAt) return;
    releaseClaim(claimed).catch(() => setTimeout(retry, RELEASE_RETRY_SECONDS * 1000).unref());
  };
  setTimeout(retry, RELEASE_RETRY_SECONDS * 1000).unref();
}

const completion = (response: StoredResponse) => ({
  state: 'completed' as const,
  responseStatus: response.status,
  responseBody: Buffer.from(response.body),
  responseContentType: response.contentType,
  completedAt: now(),
});

/** Inside the operation's transaction: lock the record, prove this attempt still owns it, then complete it. */
async function completeOwned(tx: Tx, claimed: Claim, response: StoredResponse): Promise<void> {
  const [record] = await tx
    .select({ attemptId: idempotencyRecords.attemptId, state: idempotencyRecords.state })
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.id, claimed.recordId))
    .for('update');
  if (!record || record.attemptId !== claimed.attemptId || record.state !== 'in_progress') {
    throw new ClaimLost('the record was taken over by another attempt');
  }
  if (now().getTime() - claimed.claimedAt.getTime() > TRANSACTION_DEADLINE_SECONDS * 1000) {
    throw new ClaimLost('the attempt ran past its transaction deadline');
  }
  await tx
    .update(idempotencyRecords)
    .set(completion(response))
    .where(eq(idempotencyRecords.id, claimed.recordId));
}

/** Outside a transaction (a refusal rolled the work back): complete only if still ours and in progress. */
async function completeIfOwned(claimed: Claim, response: StoredResponse): Promise<void> {
  await db()
    .update(idempotencyRecords)
    .set(completion(response))
    .where(
      and(
        eq(idempotencyRecords.id, claimed.recordId),
        eq(idempotencyRecords.attemptId, claimed.attemptId),
        eq(idempotencyRecords.state, 'in_progress'),
      ),
    );
}
