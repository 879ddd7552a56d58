// Owns settlement routes: the organization's list, and the service staff (and the seed) create them with.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type SettlementRouteStatus, settlementRoutes } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { corridors } from '@/db/schema/pricing';
import type { SettlementRouteWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { type AuditActor, idFor, SYSTEM_ACTOR } from './common';

const routeColumns = {
  route: settlementRoutes,
  currency: corridors.currency,
  chainCode: chains.code,
};

function routeToWire(row: {
  route: typeof settlementRoutes.$inferSelect;
  currency: string;
  chainCode: string;
}): SettlementRouteWire {
  return {
    id: row.route.id,
    name: row.route.name,
    corridor_id: row.route.corridorId,
    currency: row.currency,
    chain_id: row.route.chainId,
    chain: row.chainCode,
    counterparty: row.route.counterparty,
    status: row.route.status,
    created_at: row.route.createdAt.toISOString(),
    updated_at: row.route.updatedAt.toISOString(),
  };
}

export interface RouteFilters extends PageRequest {
  corridorId?: string;
  status?: SettlementRouteStatus;
}

/** Newest first (created_at, then id, descending). */
export async function listSettlementRoutes(
  executor: Executor,
  orgId: string,
  filters: RouteFilters,
): Promise<ListEnvelope<SettlementRouteWire>> {
  const conditions: SQL[] = [eq(settlementRoutes.orgId, orgId)];
  if (filters.corridorId) conditions.push(eq(settlementRoutes.corridorId, filters.corridorId));
  if (filters.status) conditions.push(eq(settlementRoutes.status, filters.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select(routeColumns)
      .from(settlementRoutes)
      .innerJoin(corridors, eq(corridors.id, settlementRoutes.corridorId))
      .innerJoin(chains, eq(chains.id, settlementRoutes.chainId))
      .where(where)
      .orderBy(desc(settlementRoutes.createdAt), desc(settlementRoutes.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(settlementRoutes).where(where),
  ]);
  return listEnvelope(rows.map(routeToWire), filters, total?.n ?? 0);
}

export interface CreateRouteInput {
  orgId: string;
  name: string;
  corridorId: string;
  chainId: string;
  counterparty: string;
  status?: SettlementRouteStatus;
  actor?: AuditActor;
  at?: Date;
}

/** Staff (support_lead) and the seed: a settlement route of the organization over a corridor and a chain. */
export async function createSettlementRoute(
  executor: Executor,
  input: CreateRouteInput,
): Promise<SettlementRouteWire> {
  return executor.transaction(async (tx) => {
    const [corridor] = await tx
      .select({ currency: corridors.currency })
      .from(corridors)
      .where(eq(corridors.id, input.corridorId));
    if (!corridor) {
      throw ApiError.businessRule('corridor_id: no such corridor', {
        code: 'corridor_not_found',
        param: 'corridor_id',
      });
    }
    const [chain] = await tx.select({ code: chains.code }).from(chains).where(eq(chains.id, input.chainId));
    if (!chain)
      throw ApiError.businessRule('chain_id: no such chain', { code: 'chain_not_found', param: 'chain_id' });
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [route] = await tx
      .insert(settlementRoutes)
      .values({
        id: idFor(input.at),
        orgId: input.orgId,
        name: input.name,
        corridorId: input.corridorId,
        chainId: input.chainId,
        counterparty: input.counterparty,
        status: input.status ?? 'ACTIVE',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const wire = routeToWire({ route: route!, currency: corridor.currency, chainCode: chain.code });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'settlement_route.created',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: route!.id,
      data: wire,
      createdAt: input.at,
    });
    return wire;
  });
}

export interface SetRouteStatusInput {
  orgId: string;
  routeId: string;
  status: SettlementRouteStatus;
  actor: AuditActor;
}

/**
 * Staff (support_lead): take a route out of use or back into use. Setting the status it already has changes
 * nothing and records nothing, so a repeated click is harmless.
 */
export async function setSettlementRouteStatus(
  executor: Executor,
  input: SetRouteStatusInput,
): Promise<SettlementRouteWire> {
  return executor.transaction(async (tx) => {
    const [current] = await tx
      .select(routeColumns)
      .from(settlementRoutes)
      .innerJoin(corridors, eq(corridors.id, settlementRoutes.corridorId))
      .innerJoin(chains, eq(chains.id, settlementRoutes.chainId))
      .where(and(eq(settlementRoutes.id, input.routeId), eq(settlementRoutes.orgId, input.orgId)))
      .for('update', { of: settlementRoutes });
    if (!current) throw ApiError.notFound('Settlement route');
    if (current.route.status === input.status) return routeToWire(current);
    const [route] = await tx
      .update(settlementRoutes)
      .set({ status: input.status, updatedAt: await businessNow(tx, input.orgId) })
      .where(eq(settlementRoutes.id, input.routeId))
      .returning();
    const wire = routeToWire({ ...current, route: route! });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'settlement_route.status_changed',
      actor: input.actor,
      subjectId: input.routeId,
      data: { ...wire, previous_status: current.route.status },
    });
    return wire;
  });
}
