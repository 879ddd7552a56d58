// Owns who made a batch (DESIGN "Makers"): recording a user or API key as a maker of batches, in the transaction of what
// made them one (creating, re-quoting, changing a party a draft pays), and whether a person is among them — the rule
// maker-checker applies at confirm. The Batch's `makers` list is read with the batch's columns (rows.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { batchMakers } from '@/db/schema/payouts';
import { textArray } from '@/db/sql';
import type { ServiceActor } from '@/lib/identity/server';

/**
 * Records the actor's user or key as a maker of each batch (once: a second re-quote adds nothing). The system (the
 * sandbox review, sweeps) makes nothing, so it is never recorded.
 */
export async function recordMaker(
  tx: Executor,
  actor: ServiceActor,
  batchIds: readonly string[],
  at: Date,
): Promise<void> {
  if (batchIds.length === 0 || (actor.userId === null && actor.apiKeyId === null)) return;
  await tx.execute(sql`
    insert into batch_makers (batch_id, org_id, user_id, api_key_id, created_at)
    select batch_id, ${actor.orgId}::uuid, ${actor.userId}::uuid, ${actor.apiKeyId}::uuid, ${at.toISOString()}::timestamptz
    from unnest(${textArray([...batchIds])}::uuid[]) as batch_id
    on conflict do nothing`);
}

/**
 * Whether the person is one of the batch's makers (DESIGN "Maker-checker counts people"): a user maker is that user,
 * a key maker is the user who created the key, or the key itself when no user did. Read at confirm time, so a key
 * counts for whoever created it now.
 */
export async function isMaker(executor: Executor, batchId: string, personId: string): Promise<boolean> {
  const m = batchMakers;
  const rows = await executor
    .select({ one: sql<number>`1` })
    .from(m)
    .leftJoin(apiKeys, eq(apiKeys.id, m.apiKeyId))
    .where(
      and(
        eq(m.batchId, batchId),
        sql`coalesce(${m.userId}, ${apiKeys.createdByUserId}, ${m.apiKeyId}) = ${personId}::uuid`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The people among a batch's makers who are users (a key counts as the user who created it; a key no user created is
 * nobody to tell): whom the notifications area tells about the batch and its orders.
 */
export async function batchMakerUserIds(
  executor: Executor,
  orgId: string,
  batchId: string,
): Promise<string[]> {
  const m = batchMakers;
  const rows = await executor
    .selectDistinct({ userId: sql<string | null>`coalesce(${m.userId}, ${apiKeys.createdByUserId})` })
    .from(m)
    .leftJoin(apiKeys, eq(apiKeys.id, m.apiKeyId))
    .where(and(eq(m.batchId, batchId), eq(m.orgId, orgId)));
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}
