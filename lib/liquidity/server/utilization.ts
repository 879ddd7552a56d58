// Owns utilization proofs: the organization's list (a bare JSON array, as the spec has it) and recording one.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { settlementRoutes, utilizationProofs } from '@/db/schema/liquidity';
import type { UtilizationProofWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { optionalPage, pageOffset } from '@/lib/platform/pagination';
import { type AuditActor, idFor, SYSTEM_ACTOR } from './common';

function toWire(row: typeof utilizationProofs.$inferSelect): UtilizationProofWire {
  return {
    id: row.id,
    // numeric in the database; the spec's number type only at the edge.
    amount: Number(row.amount),
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Newest first (created_at, then id, descending). Without `limit` and `page`, every record; with either, that
 * page (`optionalPage`: limit 50, page 1 unless given) — still a bare array, so the spec's shape holds either way.
 */
export async function listUtilizationProofs(
  executor: Executor,
  orgId: string,
  pagination: { limit?: number; page?: number } = {},
): Promise<UtilizationProofWire[]> {
  const page = optionalPage(pagination);
  const query = executor
    .select()
    .from(utilizationProofs)
    .where(eq(utilizationProofs.orgId, orgId))
    .orderBy(desc(utilizationProofs.createdAt), desc(utilizationProofs.id));
  const rows = page ? await query.limit(page.limit).offset(pageOffset(page)) : await query;
  return rows.map(toWire);
}

export interface RecordUtilizationInput {
  orgId: string;
  amount: string;
  currency: string;
  routeId?: string | null;
  reference?: string | null;
  actor?: AuditActor;
  at?: Date;
}

/** Staff and the seed: records liquidity the organization used (optionally on one of its routes). */
export async function recordUtilizationProof(
  executor: Executor,
  input: RecordUtilizationInput,
): Promise<UtilizationProofWire> {
  return executor.transaction(async (tx) => {
    if (input.routeId) {
      const [route] = await tx
        .select({ id: settlementRoutes.id })
        .from(settlementRoutes)
        .where(and(eq(settlementRoutes.orgId, input.orgId), eq(settlementRoutes.id, input.routeId)));
      if (!route) {
        throw ApiError.businessRule('route_id: no such route', {
          code: 'route_not_found',
          param: 'route_id',
        });
      }
    }
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [row] = await tx
      .insert(utilizationProofs)
      .values({
        id: idFor(input.at),
        orgId: input.orgId,
        routeId: input.routeId ?? null,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const wire = toWire(row!);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'utilization_proof.recorded',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: row!.id,
      data: { ...wire, route_id: row!.routeId, reference: row!.reference },
      createdAt: input.at,
    });
    return wire;
  });
}
