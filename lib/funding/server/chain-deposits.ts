// Owns listing an organization's on-chain deposits (CUSTODY_ADAPTER=evm) and their wire shape: pending with their
// confirmations, credited, or dropped by a reorganisation; newest first, with cursors.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { chainDeposits, fundingAddresses } from '@/db/schema/funding';
import { chains } from '@/db/schema/platform/chains';
import type { ChainDepositStatus } from '@/lib/funding/contract/enums';
import type { ChainDepositWire } from '@/lib/funding/contract/schemas';
import { formatUsdt } from '@/lib/platform/money';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';

type ChainDepositRow = typeof chainDeposits.$inferSelect;

export function chainDepositToWire(
  row: ChainDepositRow,
  names: { chain: string; address: string },
): ChainDepositWire {
  return {
    id: row.id,
    status: row.status,
    amount: formatUsdt(row.amount),
    currency: 'USDT',
    raw_amount: row.rawAmount,
    token_decimals: row.tokenDecimals,
    chain_id: row.chainId,
    chain: names.chain,
    address: names.address,
    from_address: row.fromAddress,
    transaction_hash: row.transactionHash,
    log_index: row.logIndex,
    block_number: Number(row.blockNumber),
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    deposit_id: row.depositId,
    detected_at: row.createdAt.toISOString(),
    credited_at: row.creditedAt?.toISOString() ?? null,
    reorged_at: row.reorgedAt?.toISOString() ?? null,
  };
}

export interface ChainDepositFilters extends CursorPageRequest {
  status?: ChainDepositStatus;
}

export async function listChainDeposits(
  executor: Executor,
  orgId: string,
  filters: ChainDepositFilters,
): Promise<CursorListEnvelope<ChainDepositWire>> {
  const conditions: SQL[] = [eq(chainDeposits.orgId, orgId)];
  if (filters.status) conditions.push(eq(chainDeposits.status, filters.status));
  const where = and(...conditions);
  const start = await keysetStart(executor, filters, {
    table: chainDeposits,
    orgId,
    keys: sql`${chainDeposits.createdAt}, ${chainDeposits.id}`,
  });
  const order = start.backwards ? asc : desc;
  const rows = await executor
    .select({ deposit: chainDeposits, chain: chains.code, address: fundingAddresses.address })
    .from(chainDeposits)
    .innerJoin(chains, eq(chains.id, chainDeposits.chainId))
    .innerJoin(fundingAddresses, eq(fundingAddresses.id, chainDeposits.fundingAddressId))
    .where(start.condition ? and(where, start.condition) : where)
    .orderBy(order(chainDeposits.createdAt), order(chainDeposits.id))
    .limit(start.fetch)
    .offset(start.offset);
  const [total] = await executor.select({ n: sql<number>`count(*)::int` }).from(chainDeposits).where(where);
  return cursorEnvelope(
    rows.map((row) => chainDepositToWire(row.deposit, { chain: row.chain, address: row.address })),
    filters,
    total?.n ?? 0,
    start,
  );
}
