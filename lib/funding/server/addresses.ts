// Owns an organization's USDT funding addresses, one per active chain; with EVM custody, derived from the provider's
// extended public key at an index no other organization ever had.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { fundingAddressDerivationIndex, fundingAddresses } from '@/db/schema/funding';
import { organizations } from '@/db/schema/identity/organizations';
import { chains } from '@/db/schema/platform/chains';
import { custody } from '@/lib/platform/adapters/custody';
import type { AddressFormat } from '@/lib/platform/chains/addresses';
import { typedRows } from '@/lib/platform/db/typed-rows';
import { ApiError } from '@/lib/platform/errors/api-error';

export interface FundingAddressRow {
  id: string;
  chainId: string;
  chainCode: string;
  chainName: string;
  addressFormat: AddressFormat;
  tokenStandard: string;
  address: string;
  createdAt: Date;
}

function select(executor: Executor) {
  return executor
    .select({
      id: fundingAddresses.id,
      chainId: chains.id,
      chainCode: chains.code,
      chainName: chains.name,
      addressFormat: chains.addressFormat,
      tokenStandard: chains.tokenStandard,
      address: fundingAddresses.address,
      createdAt: fundingAddresses.createdAt,
    })
    .from(fundingAddresses)
    .innerJoin(chains, eq(chains.id, fundingAddresses.chainId));
}

/** The chain row custody watches, when addresses are derived (CUSTODY_ADAPTER=evm) and it is offered. */
async function derivedChain(executor: Executor): Promise<{ id: string } | undefined> {
  const adapter = custody();
  if (adapter.depositAddresses !== 'derived' || !adapter.chainWatch) return undefined;
  const [chain] = await executor
    .select({ id: chains.id })
    .from(chains)
    .where(and(eq(chains.code, adapter.chainWatch.chainCode), eq(chains.status, 'active')));
  return chain;
}

/**
 * Fixed key of the transaction-level advisory lock that serializes derivation backfills (the seed uses …002), so two
 * workers backfilling at once never both take an index for one organization.
 */
const BACKFILL_LOCK_KEY = 7_240_915_043;

/** The next index of the sequence: never handed out twice, even when its transaction rolls back. */
async function nextDerivationIndex(executor: Executor): Promise<number> {
  const [taken] = await typedRows(
    executor,
    z.object({ index: z.number() }),
    sql.raw(`select nextval('${fundingAddressDerivationIndex.seqName}')::int as index`),
  );
  return taken!.index;
}

async function deriveFor(executor: Executor, chainId: string, orgId: string): Promise<number> {
  const index = await nextDerivationIndex(executor);
  const inserted = await executor
    .insert(fundingAddresses)
    .values({ orgId, chainId, address: custody().deriveDepositAddress!(index), derivationIndex: index })
    .onConflictDoNothing({ target: [fundingAddresses.orgId, fundingAddresses.chainId] })
    .returning({ id: fundingAddresses.id });
  return inserted.length;
}

/**
 * Gives a new organization its derived address on the watched chain, in the transaction that creates it (identity's
 * organization-created hook): child 0/<index> of CUSTODY_XPUB, the index the sequence's next. Nothing without EVM
 * custody.
 */
export async function deriveFundingAddress(tx: Executor, orgId: string): Promise<void> {
  const chain = await derivedChain(tx);
  if (chain) await deriveFor(tx, chain.id, orgId);
}

function withoutAddress(executor: Executor, chainId: string) {
  return executor
    .select({ orgId: organizations.id })
    .from(organizations)
    .leftJoin(
      fundingAddresses,
      and(eq(fundingAddresses.orgId, organizations.id), eq(fundingAddresses.chainId, chainId)),
    )
    .where(isNull(fundingAddresses.id))
    .orderBy(asc(organizations.id));
}

/**
 * Gives each organization that existed before EVM custody was switched on its derived address (the watcher's job
 * runs it before each pass). A cheap look first; when some lack one, they get it under a transaction-level advisory
 * lock, so two workers at once give each organization one address and burn no index. Answers how many were made.
 */
export async function deriveMissingFundingAddresses(executor: Executor): Promise<number> {
  const chain = await derivedChain(executor);
  if (!chain) return 0;
  if ((await withoutAddress(executor, chain.id).limit(1)).length === 0) return 0;
  return executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK_KEY}::bigint)`);
    let made = 0;
    for (const { orgId } of await withoutAddress(tx, chain.id)) made += await deriveFor(tx, chain.id, orgId);
    return made;
  });
}

/**
 * The organization's addresses. Only reads (a support "view as" is read-only): an organization made before EVM custody
 * was switched on has none on the watched chain until the backfill gives it one (`preparingFundingChains`).
 */
export async function listFundingAddresses(executor: Executor, orgId: string): Promise<FundingAddressRow[]> {
  return select(executor)
    .where(and(eq(fundingAddresses.orgId, orgId), eq(chains.status, 'active')))
    .orderBy(asc(chains.code));
}

export interface PreparingChainRow {
  chainId: string;
  chainCode: string;
  chainName: string;
  tokenStandard: string;
}

/** The watched chain when the organization's derived address on it is not made yet (the backfill is to run). */
export async function preparingFundingChains(
  executor: Executor,
  orgId: string,
): Promise<PreparingChainRow[]> {
  const chain = await derivedChain(executor);
  if (!chain) return [];
  const [existing] = await executor
    .select({ id: fundingAddresses.id })
    .from(fundingAddresses)
    .where(and(eq(fundingAddresses.orgId, orgId), eq(fundingAddresses.chainId, chain.id)));
  if (existing) return [];
  const [row] = await executor
    .select({
      chainId: chains.id,
      chainCode: chains.code,
      chainName: chains.name,
      tokenStandard: chains.tokenStandard,
    })
    .from(chains)
    .where(eq(chains.id, chain.id));
  return row ? [row] : [];
}

export function toWirePreparingChain(row: PreparingChainRow) {
  return {
    chain_id: row.chainId,
    chain: row.chainCode,
    chain_name: row.chainName,
    token_standard: row.tokenStandard,
    currency: 'USDT' as const,
  };
}

/** The funding address on one chain; a chain the organization has no address on is a `bad_request` naming `chain`. */
export async function findFundingAddress(
  executor: Executor,
  orgId: string,
  chainCode: string,
): Promise<FundingAddressRow> {
  const [row] = await select(executor).where(
    and(eq(fundingAddresses.orgId, orgId), eq(chains.code, chainCode), eq(chains.status, 'active')),
  );
  if (!row)
    throw ApiError.businessRule(`chain "${chainCode}" has no funding address`, {
      code: 'unknown_chain',
      param: 'chain',
    });
  return row;
}

export function toWireFundingAddress(row: FundingAddressRow) {
  return {
    id: row.id,
    chain_id: row.chainId,
    chain: row.chainCode,
    chain_name: row.chainName,
    token_standard: row.tokenStandard,
    currency: 'USDT' as const,
    address: row.address,
    created_at: row.createdAt.toISOString(),
  };
}
