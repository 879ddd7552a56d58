// Owns the support console's organization directory: search by name or id, and one organization's state at a glance
// (entitlements, balances, profiles by status, recent batches, failed orders, webhook endpoint health).
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizationEntitlements, organizations } from '@/db/schema/identity/organizations';
import { ledgerAccounts } from '@/db/schema/ledger';
import { payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import { FAILED_ORDER_STATUSES } from '@/lib/payouts/contract/enums';
import type { Entitlement } from '@/lib/platform/actor/entitlements';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { formatUsdt } from '@/lib/platform/money/currencies';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { directoryEntrySchema, organizationDetailSchema } from '@/lib/support/contract/schemas';

type Entry = z.input<typeof directoryEntrySchema>;
type Detail = z.input<typeof organizationDetailSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function entitlementsOf(executor: Executor, orgIds: string[]): Promise<Map<string, Entitlement[]>> {
  const map = new Map<string, Entitlement[]>();
  if (orgIds.length === 0) return map;
  const rows = await executor
    .select()
    .from(organizationEntitlements)
    .where(inArray(organizationEntitlements.orgId, orgIds))
    .orderBy(asc(organizationEntitlements.entitlement));
  for (const row of rows) map.set(row.orgId, [...(map.get(row.orgId) ?? []), row.entitlement]);
  return map;
}

/** Organizations whose name contains `q` (case-insensitive) or whose id is `q`; by name. */
export async function searchOrganizations(
  executor: Executor,
  filters: PageRequest & { q?: string },
): Promise<ListEnvelope<Entry>> {
  const q = filters.q?.trim();
  const where = q
    ? or(
        ilike(organizations.name, `%${escapeLike(q)}%`),
        ilike(organizations.legalName, `%${escapeLike(q)}%`),
        UUID.test(q) ? eq(organizations.id, q.toLowerCase()) : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(organizations).where(where),
  ]);
  const entitlements = await entitlementsOf(
    executor,
    rows.map((row) => row.id),
  );
  return listEnvelope(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      entitlements: entitlements.get(row.id) ?? [],
      created_at: row.createdAt.toISOString(),
    })),
    filters,
    total?.n ?? 0,
  );
}

async function countsByStatus(
  executor: Executor,
  table: typeof senderProfiles | typeof beneficiaryProfiles,
  orgId: string,
): Promise<Record<string, number>> {
  const rows = await executor
    .select({ status: table.status, n: count() })
    .from(table)
    .where(eq(table.orgId, orgId))
    .groupBy(table.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export async function getOrganizationDetail(executor: Executor, orgId: string): Promise<Detail> {
  const [org] = await executor.select().from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw ApiError.notFound('Organization');
  const dayAgo = new Date(now().getTime() - 24 * 60 * 60_000);
  const [entitlements, balances, senders, beneficiaries, batches, failed, endpoints] = await Promise.all([
    entitlementsOf(executor, [orgId]),
    executor
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.orgId, orgId))
      .orderBy(asc(ledgerAccounts.type), asc(ledgerAccounts.currency)),
    countsByStatus(executor, senderProfiles, orgId),
    countsByStatus(executor, beneficiaryProfiles, orgId),
    executor
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.orgId, orgId))
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
      .limit(10),
    executor
      .select()
      .from(payoutOrders)
      .where(and(eq(payoutOrders.orgId, orgId), inArray(payoutOrders.status, [...FAILED_ORDER_STATUSES])))
      .orderBy(desc(payoutOrders.updatedAt), desc(payoutOrders.id))
      .limit(10),
    executor
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        status: webhookEndpoints.status,
        failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d
          where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'failed' and d.created_at >= ${dayAgo.toISOString()}::timestamptz)`,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.orgId, orgId))
      .orderBy(asc(webhookEndpoints.createdAt)),
  ]);
  return {
    id: org.id,
    name: org.name,
    legal_name: org.legalName,
    country: org.country,
    status: org.status,
    entitlements: entitlements.get(orgId) ?? [],
    created_at: org.createdAt.toISOString(),
    balances: balances.map((account) => ({
      account: account.type,
      currency: account.currency,
      balance: account.currency === 'USDT' ? formatUsdt(account.balance) : account.balance,
    })),
    profile_counts: { senders, beneficiaries },
    recent_batches: batches.map((batch) => ({
      id: batch.id,
      status: batch.status,
      total_count: batch.totalCount,
      failed_count: batch.failedCount,
      client_reference: batch.clientReference,
      created_at: batch.createdAt.toISOString(),
    })),
    failed_orders: failed.map((order) => ({
      id: order.id,
      batch_id: order.batchId,
      status: order.status,
      failure_message: order.failureMessage,
      updated_at: order.updatedAt.toISOString(),
    })),
    webhook_endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      status: endpoint.status,
      failed_deliveries_24h: Number(endpoint.failed),
    })),
  };
}
