// Owns the address book: adding (validated per chain, with a cooling-off period), listing and removing wallets.
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { chains } from '@/db/schema/chains';
import { wallets } from '@/db/schema/liquidity';
import { isValidEvmAddress, isValidTronAddress, toChecksumAddress } from '@/lib/chains/addresses';
import { businessNow } from '@/lib/clock';
import { isSandbox } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { recordEvent } from '@/lib/events/record-event';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/pagination';
import type { WalletWire } from '@/lib/schemas/liquidity';
import { type AuditActor, assertPathId, idFor } from './common';

const HOUR_MS = 3_600_000;
/** Production cooling-off of a new address; the sandbox has none so integrators can test at once. */
export const PRODUCTION_COOLING_OFF_HOURS = 24;

export function coolingOffMs(): number {
  return isSandbox() ? 0 : PRODUCTION_COOLING_OFF_HOURS * HOUR_MS;
}

type WalletRow = typeof wallets.$inferSelect & { chainCode: string };

/** `at`: the organization's business time, against which the cooling-off is judged (its clock wrote `usable_from`). */
export function walletToWire(row: WalletRow, at: Date): WalletWire {
  return {
    id: row.id,
    chain_id: row.chainId,
    chain: row.chainCode,
    address: row.address,
    label: row.label,
    status: row.removedAt ? 'REMOVED' : row.usableFrom > at ? 'COOLING_OFF' : 'ACTIVE',
    usable_from: row.usableFrom.toISOString(),
    removed_at: row.removedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const walletColumns = {
  id: wallets.id,
  orgId: wallets.orgId,
  chainId: wallets.chainId,
  address: wallets.address,
  label: wallets.label,
  usableFrom: wallets.usableFrom,
  removedAt: wallets.removedAt,
  createdAt: wallets.createdAt,
  updatedAt: wallets.updatedAt,
  chainCode: chains.code,
};

/**
 * The canonical form of an address on a chain, or a 422 naming `address`: TRON base58check (`T…`, checksum
 * verified); EVM `0x` + 40 hex digits, stored in EIP-55 case (a mixed-case input must carry a valid checksum).
 */
export function canonicalAddress(format: 'tron' | 'evm', address: string): string {
  if (format === 'tron') {
    if (isValidTronAddress(address)) return address;
    throw invalidAddress(
      'must be a TRON address: base58check, 34 characters starting with T, valid checksum',
    );
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw invalidAddress('must be an EVM address: 0x followed by 40 hexadecimal digits');
  }
  if (!isValidEvmAddress(address)) {
    throw invalidAddress('has an invalid EIP-55 checksum (mixed case): check for a mistyped character');
  }
  return toChecksumAddress(address);
}

function invalidAddress(message: string): ApiError {
  return ApiError.validation([{ field: 'address', code: 'invalid_address', message: `address: ${message}` }]);
}

export interface AddWalletInput {
  orgId: string;
  chainId: string;
  address: string;
  label?: string | null;
  actor: AuditActor;
  requestId?: string | null;
  /** For the seed's history; defaults to now. */
  at?: Date;
}

/** Adds an address to the organization's book; usable for withdrawals after the cooling-off period. */
export async function addWallet(executor: Executor, input: AddWalletInput): Promise<WalletWire> {
  return executor.transaction(async (tx) => {
    const [chain] = await tx.select().from(chains).where(eq(chains.id, input.chainId));
    if (!chain) {
      throw ApiError.businessRule('chain_id: no such chain', { code: 'chain_not_found', param: 'chain_id' });
    }
    if (chain.status !== 'active') {
      throw ApiError.businessRule(`chain_id: ${chain.name} is disabled`, {
        code: 'chain_disabled',
        param: 'chain_id',
      });
    }
    const address = canonicalAddress(chain.addressFormat, input.address.trim());
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [row] = await tx
      .insert(wallets)
      .values({
        id: idFor(input.at),
        orgId: input.orgId,
        chainId: chain.id,
        address,
        label: input.label ?? null,
        usableFrom: new Date(at.getTime() + coolingOffMs()),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ApiError('conflict', `address: ${address} is already in the address book on ${chain.name}`, {
        code: 'wallet_exists',
        param: 'address',
      });
    }
    const wire = walletToWire({ ...row, chainCode: chain.code }, at);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'wallet.added',
      actor: input.actor,
      subjectId: row.id,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    return wire;
  });
}

export interface WalletFilters extends PageRequest {
  chainId?: string;
}

/** The live address book, newest first (created_at, then id, descending). */
export async function listWallets(
  executor: Executor,
  orgId: string,
  filters: WalletFilters,
): Promise<ListEnvelope<WalletWire>> {
  const conditions: SQL[] = [eq(wallets.orgId, orgId), isNull(wallets.removedAt)];
  if (filters.chainId) conditions.push(eq(wallets.chainId, filters.chainId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select(walletColumns)
      .from(wallets)
      .innerJoin(chains, eq(chains.id, wallets.chainId))
      .where(where)
      .orderBy(desc(wallets.createdAt), desc(wallets.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(wallets).where(where),
  ]);
  const at = await businessNow(executor, orgId);
  return listEnvelope(
    rows.map((row) => walletToWire(row, at)),
    filters,
    total?.n ?? 0,
  );
}

/** Removes a wallet from the book (kept for the withdrawals that reference it); 404 if it is not in the book. */
export async function removeWallet(
  executor: Executor,
  input: { orgId: string; walletId: string; actor: AuditActor; requestId?: string | null },
): Promise<WalletWire> {
  assertPathId(input.walletId, 'Wallet');
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, input.orgId);
    const [row] = await tx
      .update(wallets)
      .set({ removedAt: at, updatedAt: at })
      .where(and(eq(wallets.orgId, input.orgId), eq(wallets.id, input.walletId), isNull(wallets.removedAt)))
      .returning();
    if (!row) throw ApiError.notFound('Wallet');
    const [chain] = await tx.select({ code: chains.code }).from(chains).where(eq(chains.id, row.chainId));
    const wire = walletToWire({ ...row, chainCode: chain!.code }, at);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'wallet.removed',
      actor: input.actor,
      subjectId: row.id,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    return wire;
  });
}

/** A wallet in the book, for a withdrawal: 400 naming `wallet_id` if unknown or removed, or still cooling off. */
export async function usableWallet(executor: Executor, orgId: string, walletId: string, at: Date) {
  const [row] = await executor
    .select({ ...walletColumns, chainStatus: chains.status, chainName: chains.name })
    .from(wallets)
    .innerJoin(chains, eq(chains.id, wallets.chainId))
    .where(and(eq(wallets.orgId, orgId), eq(wallets.id, walletId), isNull(wallets.removedAt)));
  if (!row) {
    throw ApiError.businessRule('wallet_id: no such wallet in the address book', {
      code: 'wallet_not_found',
      param: 'wallet_id',
    });
  }
  if (row.usableFrom > at) {
    throw ApiError.businessRule(
      `wallet_id: this address is in its cooling-off period until ${row.usableFrom.toISOString()}`,
      { code: 'wallet_cooling_off', param: 'wallet_id' },
    );
  }
  if (row.chainStatus !== 'active') {
    throw ApiError.businessRule(`wallet_id: withdrawals on ${row.chainName} are disabled`, {
      code: 'chain_disabled',
      param: 'wallet_id',
    });
  }
  return row;
}
