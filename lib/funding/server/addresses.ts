// Owns an organization's USDT funding addresses, one per active chain; with EVM custody, derived from the provider's
// extended public key at an index no other organization ever had.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fundingAddressDerivationIndex, fundingAddresses } from '@/db/schema/funding';
import { organizations } from '@/db/schema/identity/organizations';
import { chains } from '@/db/schema/platform/chains';
import { custody } from '@/lib/platform/adapters/custody';
import type { AddressFormat } from '@/lib/platform/chains/addresses';
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
 * Gives each organization without one its derived address on the watched chain: the next index of a sequence (never
 * handed out twice, so a lost race only skips a number), the address child 0/<index> of CUSTODY_XPUB. Idempotent;
 * `orgId` limits it to one organization. Answers how many addresses were made.
 */
export async function ensureDerivedFundingAddresses(executor: Executor, orgId?: string): Promise<number> {
  const chain = await derivedChain(executor);
  if (!chain) return 0;
  const missing = await executor
    .select({ orgId: organizations.id })
    .from(organizations)
    .leftJoin(
      fundingAddresses,
      and(eq(fundingAddresses.orgId, organizations.id), eq(fundingAddresses.chainId, chain.id)),
    )
    .where(and(isNull(fundingAddresses.id), orgId ? eq(organizations.id, orgId) : undefined))
    .orderBy(asc(organizations.id));
  let made = 0;
  for (const row of missing) {
    const [taken] = (await executor.execute(
      sql.raw(`select nextval('${fundingAddressDerivationIndex.seqName}')::int as index`),
    )) as unknown as { index: number }[];
    const index = taken!.index;
    const inserted = await executor
      .insert(fundingAddresses)
      .values({
        orgId: row.orgId,
        chainId: chain.id,
        address: custody().deriveDepositAddress!(index),
        derivationIndex: index,
      })
      .onConflictDoNothing({ target: [fundingAddresses.orgId, fundingAddresses.chainId] })
      .returning({ id: fundingAddresses.id });
    made += inserted.length;
  }
  return made;
}

export async function listFundingAddresses(executor: Executor, orgId: string): Promise<FundingAddressRow[]> {
  // Derived on first need: an organization made before EVM custody was chosen has none yet.
  await ensureDerivedFundingAddresses(executor, orgId);
  return select(executor)
    .where(and(eq(fundingAddresses.orgId, orgId), eq(chains.status, 'active')))
    .orderBy(asc(chains.code));
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
