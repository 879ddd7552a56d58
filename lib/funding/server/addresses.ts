// Owns an organization's USDT funding addresses, one per active chain.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fundingAddresses } from '@/db/schema/funding';
import { chains } from '@/db/schema/platform/chains';
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

export async function listFundingAddresses(executor: Executor, orgId: string): Promise<FundingAddressRow[]> {
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
