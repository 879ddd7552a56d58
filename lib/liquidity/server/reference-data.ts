// Owns the liquidity reference lists: chains, and the corridors the quote engine uses (amounts as JSON numbers at the edge).
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { type CorridorStatus, corridors } from '@/db/schema/pricing';
import type { ChainWire, CorridorWire } from '@/lib/liquidity/contract/schemas';
import { custody } from '@/lib/platform/adapters/custody';
import { formatUsdt } from '@/lib/platform/money';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';

/** Every chain USDT moves on here, by name. */
export async function listChains(executor: Executor, page: PageRequest): Promise<ListEnvelope<ChainWire>> {
  // With EVM custody the watched token is the configured contract (a testnet's or a bridge's may differ from the row).
  const watched = custody().chainWatch;
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(chains)
      .orderBy(asc(chains.name), asc(chains.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ n: count() }).from(chains),
  ]);
  return listEnvelope(
    rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      native_token: row.nativeToken,
      token_standard: row.tokenStandard,
      usdt_contract: watched?.chainCode === row.code ? watched.tokenAddress : row.usdtContract,
      address_format: row.addressFormat,
      status: row.status === 'active' ? 'ACTIVE' : 'DISABLED',
      min_withdrawal_amount: formatUsdt(row.minWithdrawalAmount),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    page,
    total?.n ?? 0,
  );
}

export interface CorridorFilters extends PageRequest {
  status?: CorridorStatus;
  currency?: string;
}

/**
 * The corridors table the quote engine reads, ordered by currency, then newest first. `min_amount`/`max_amount` are
 * numeric in the database and become JSON numbers only here, as the spec's Corridor has them.
 */
export async function listCorridors(
  executor: Executor,
  filters: CorridorFilters,
): Promise<ListEnvelope<CorridorWire>> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(corridors.status, filters.status));
  if (filters.currency) conditions.push(eq(corridors.currency, filters.currency));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(corridors)
      .where(where)
      .orderBy(asc(corridors.currency), desc(corridors.createdAt), desc(corridors.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(corridors).where(where),
  ]);
  return listEnvelope(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      currency: row.currency,
      status: row.status,
      min_amount: Number(row.minAmount),
      max_amount: Number(row.maxAmount),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    filters,
    total?.n ?? 0,
  );
}
