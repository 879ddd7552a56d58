// Owns the address book: adding (validated per chain, with a cooling-off period and, under the approval policy, a
// second person's approval), listing and removing wallets.
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { users } from '@/db/schema/identity/users';
import { wallets } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import {
  approvalColumn,
  approvalOf,
  openApproval,
  POLICY_STAGE,
  recordApproval,
  rejectApproval,
} from '@/lib/approvals/server';
import type { LiquidityActorWire, WalletWire } from '@/lib/liquidity/contract/schemas';
import { isValidEvmAddress, isValidTronAddress, toChecksumAddress } from '@/lib/platform/chains/addresses';
import { businessNow } from '@/lib/platform/clock';
import { isSandbox } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { type AuditActor, idFor } from './common';
import { assertSecondPerson, personOf, type Requester } from './person';

const HOUR_MS = 3_600_000;
/** Production cooling-off of a new address; the sandbox has none so integrators can test at once. */
export const PRODUCTION_COOLING_OFF_HOURS = 24;

export function coolingOffMs(): number {
  return isSandbox() ? 0 : PRODUCTION_COOLING_OFF_HOURS * HOUR_MS;
}

const addedUser = alias(users, 'added_user');
const addedKey = alias(apiKeys, 'added_key');
const approvedUser = alias(users, 'approved_user');

const walletColumns = {
  id: wallets.id,
  orgId: wallets.orgId,
  chainId: wallets.chainId,
  address: wallets.address,
  label: wallets.label,
  usableFrom: wallets.usableFrom,
  removedAt: wallets.removedAt,
  pendingApproval: wallets.pendingApproval,
  addedByUserId: wallets.addedByUserId,
  addedByApiKeyId: wallets.addedByApiKeyId,
  approvedByUserId: wallets.approvedByUserId,
  createdAt: wallets.createdAt,
  updatedAt: wallets.updatedAt,
  chainCode: chains.code,
  chainStatus: chains.status,
  chainName: chains.name,
  minWithdrawalAmount: chains.minWithdrawalAmount,
  addedByUserName: addedUser.name,
  addedByKeyName: addedKey.name,
  addedByKeyCreatorId: addedKey.createdByUserId,
  approvedByUserName: approvedUser.name,
  approval: approvalColumn('wallet', sql.raw('"wallets"."id"')),
};

/** Wallets with their chain and the people who added and approved them. */
function selectWallets(executor: Executor) {
  return executor
    .select(walletColumns)
    .from(wallets)
    .innerJoin(chains, eq(chains.id, wallets.chainId))
    .leftJoin(addedUser, eq(addedUser.id, wallets.addedByUserId))
    .leftJoin(addedKey, eq(addedKey.id, wallets.addedByApiKeyId))
    .leftJoin(approvedUser, eq(approvedUser.id, wallets.approvedByUserId));
}

type WalletRow = Awaited<ReturnType<typeof selectWallets>>[number];

function addedByWire(row: WalletRow): LiquidityActorWire | null {
  if (row.addedByUserId) {
    return {
      type: 'user',
      id: row.addedByUserId,
      name: row.addedByUserName ?? '',
      user_id: row.addedByUserId,
    };
  }
  if (row.addedByApiKeyId) {
    return {
      type: 'api_key',
      id: row.addedByApiKeyId,
      name: row.addedByKeyName ?? '',
      user_id: row.addedByKeyCreatorId,
    };
  }
  return null;
}

/** `at`: the organization's business time, against which the cooling-off is judged (its clock wrote `usable_from`). */
export function walletToWire(row: WalletRow, at: Date): WalletWire {
  return {
    id: row.id,
    chain_id: row.chainId,
    chain: row.chainCode,
    address: row.address,
    label: row.label,
    status: row.removedAt
      ? 'REMOVED'
      : row.pendingApproval
        ? 'PENDING_APPROVAL'
        : row.usableFrom > at
          ? 'COOLING_OFF'
          : 'ACTIVE',
    usable_from: row.usableFrom.toISOString(),
    removed_at: row.removedAt?.toISOString() ?? null,
    added_by: addedByWire(row),
    approved_by: row.approvedByUserId
      ? {
          type: 'user',
          id: row.approvedByUserId,
          name: row.approvedByUserName ?? '',
          user_id: row.approvedByUserId,
        }
      : null,
    approval: row.approval,
    // What the caller may do next is filled for the caller of a request (approval-actions.ts); an event has none.
    actions: null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findWallet(
  executor: Executor,
  orgId: string,
  walletId: string,
): Promise<WalletRow | undefined> {
  const [row] = await selectWallets(executor).where(and(eq(wallets.orgId, orgId), eq(wallets.id, walletId)));
  return row;
}

/** Records a change to a wallet with the wallet as it now reads, in the change's transaction; the API answers the same. */
async function recordWalletChange(
  tx: Executor,
  input: { orgId: string; actor: AuditActor; requestId?: string | null | undefined },
  type:
    | 'wallet.added'
    | 'wallet.approved'
    | 'wallet.removed'
    | 'wallet.approval_requested'
    | 'wallet.approval_recorded'
    | 'wallet.approval_rejected',
  walletId: string,
  at: Date,
): Promise<WalletWire> {
  const wire = walletToWire((await findWallet(tx, input.orgId, walletId))!, at);
  await recordEvent(tx, {
    orgId: input.orgId,
    type,
    actor: input.actor,
    subjectId: walletId,
    data: wire,
    requestId: input.requestId ?? null,
    createdAt: at,
  });
  return wire;
}

/**
 * The canonical form of an address on a chain, or a `validation` error naming `address`: TRON base58check (`T…`,
 * checksum verified); EVM `0x` + 40 hex digits, stored in EIP-55 case (a mixed-case input must carry a valid
 * checksum).
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
  /** The user or key that asked (a request always has one; the seed may leave it out). */
  addedBy?: Requester;
  requestId?: string | null;
  /** For the seed's history; defaults to now. */
  at?: Date;
}

/**
 * Adds an address to the organization's book; usable for withdrawals after the cooling-off period. Under the approval
 * policy's `wallets_require_approval` it is PENDING_APPROVAL first, and its cooling-off starts when it is approved.
 */
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
    // It goes to approval as it is added: the matching rules' stages are copied onto it (whoever added it never
    // approves it); pending, it cannot be withdrawn to.
    const walletId = idFor(input.at);
    const adder = input.addedBy ? await personOf(tx, input.addedBy) : null;
    const approval = await openApproval(tx, {
      orgId: input.orgId,
      objectId: walletId,
      subject: { object: 'wallet', at },
      makers: adder ? ['userId' in adder ? adder.userId : adder.apiKeyId] : [],
      summary: { title: `Wallet ${input.label ?? address} on ${chain.name}` },
    });
    const pendingApproval = approval.status === 'pending';
    const [row] = await tx
      .insert(wallets)
      .values({
        id: walletId,
        orgId: input.orgId,
        chainId: chain.id,
        address,
        label: input.label ?? null,
        usableFrom: new Date(at.getTime() + coolingOffMs()),
        pendingApproval,
        addedByUserId: input.addedBy && 'userId' in input.addedBy ? input.addedBy.userId : null,
        addedByApiKeyId: input.addedBy && 'apiKeyId' in input.addedBy ? input.addedBy.apiKeyId : null,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: wallets.id });
    if (!row) {
      throw new ApiError('conflict', `address: ${address} is already in the address book on ${chain.name}`, {
        code: 'wallet_exists',
        param: 'address',
      });
    }
    const added = await recordWalletChange(tx, input, 'wallet.added', row.id, at);
    if (pendingApproval) await recordWalletChange(tx, input, 'wallet.approval_requested', row.id, at);
    return added;
  });
}

/**
 * Locks a wallet waiting for approval as a second person (not whoever added it) decides on it, and makes sure its
 * approval is on record: a wallet that waited before the approval rules gets today's one-approver stage first.
 * `not_found`, `invalid_state` (not pending) or `separate_approver_required` (the person who added it).
 */
async function lockWalletForDecision(
  tx: Executor,
  input: { orgId: string; walletId: string },
  deciderUserId: string,
): Promise<Date> {
  const [locked] = await tx
    .select({
      pendingApproval: wallets.pendingApproval,
      addedByUserId: wallets.addedByUserId,
      addedByApiKeyId: wallets.addedByApiKeyId,
    })
    .from(wallets)
    .where(and(eq(wallets.orgId, input.orgId), eq(wallets.id, input.walletId), isNull(wallets.removedAt)))
    .for('update');
  if (!locked) throw ApiError.notFound('Wallet');
  if (!locked.pendingApproval) {
    throw new ApiError('conflict', 'The wallet is not waiting for approval', { code: 'invalid_state' });
  }
  const addedBy: Requester | null = locked.addedByUserId
    ? { userId: locked.addedByUserId }
    : locked.addedByApiKeyId
      ? { apiKeyId: locked.addedByApiKeyId }
      : null;
  if (addedBy) await assertSecondPerson(tx, addedBy, deciderUserId, 'a new address-book wallet');
  const at = await businessNow(tx, input.orgId);
  if ((await approvalOf(tx, input.orgId, 'wallet', input.walletId)).status === 'not_required') {
    const adder = addedBy ? await personOf(tx, addedBy) : null;
    await openApproval(tx, {
      orgId: input.orgId,
      objectId: input.walletId,
      subject: { object: 'wallet', at },
      makers: adder ? ['userId' in adder ? adder.userId : adder.apiKeyId] : [],
      summary: { title: 'New wallet' },
      fallbackStages: [POLICY_STAGE],
    });
  }
  return at;
}

/**
 * `POST …/wallets/{walletId}/approve`: a second person (a signed-in approver other than whoever added it) lets a
 * PENDING_APPROVAL wallet into use; its cooling-off period starts now. `separate_approver_required` for the person
 * who added it; `invalid_state` when it is not pending; `not_found` when it is not in the book.
 */
export async function approveWallet(
  executor: Executor,
  input: {
    orgId: string;
    walletId: string;
    approverUserId: string;
    actor: AuditActor;
    requestId?: string | null;
  },
): Promise<WalletWire> {
  return executor.transaction(async (tx) => {
    const at = await lockWalletForDecision(tx, input, input.approverUserId);
    const progress = await recordApproval(tx, {
      orgId: input.orgId,
      object: 'wallet',
      objectId: input.walletId,
      approver: {
        orgId: input.orgId,
        userId: input.approverUserId,
        apiKeyId: null,
        personId: input.approverUserId,
      },
      at,
      makerCode: 'separate_approver_required',
    });
    if (!progress.complete)
      return recordWalletChange(tx, input, 'wallet.approval_recorded', input.walletId, at);
    await recordWalletChange(tx, input, 'wallet.approval_recorded', input.walletId, at);
    await tx
      .update(wallets)
      .set({
        pendingApproval: false,
        approvedByUserId: input.approverUserId,
        approvedAt: at,
        usableFrom: new Date(at.getTime() + coolingOffMs()),
        updatedAt: at,
      })
      .where(eq(wallets.id, input.walletId));
    return recordWalletChange(tx, input, 'wallet.approved', input.walletId, at);
  });
}

/**
 * `POST …/wallets/{walletId}/reject {reason}`: an approver other than whoever added it refuses a PENDING_APPROVAL
 * wallet. Its approval records the rejection with the reason (the inbox's decided view shows it) and the address
 * leaves the book, never usable; adding it again asks afresh. `separate_approver_required` for the person who added
 * it (an API key counts as its creator); `invalid_state` when it is not pending; `not_found` when not in the book.
 */
export async function rejectWallet(
  executor: Executor,
  input: {
    orgId: string;
    walletId: string;
    rejecterUserId: string;
    reason: string;
    actor: AuditActor;
    requestId?: string | null;
  },
): Promise<WalletWire> {
  return executor.transaction(async (tx) => {
    const at = await lockWalletForDecision(tx, input, input.rejecterUserId);
    await rejectApproval(tx, {
      orgId: input.orgId,
      object: 'wallet',
      objectId: input.walletId,
      by: { userId: input.rejecterUserId, apiKeyId: null },
      reason: input.reason,
      at,
    });
    await tx.update(wallets).set({ removedAt: at, updatedAt: at }).where(eq(wallets.id, input.walletId));
    return recordWalletChange(tx, input, 'wallet.approval_rejected', input.walletId, at);
  });
}

export interface WalletFilters extends PageRequest {
  chainId?: string;
}

/** The live address book (pending approval included), newest first (created_at, then id, descending). */
export async function listWallets(
  executor: Executor,
  orgId: string,
  filters: WalletFilters,
): Promise<ListEnvelope<WalletWire>> {
  const conditions: SQL[] = [eq(wallets.orgId, orgId), isNull(wallets.removedAt)];
  if (filters.chainId) conditions.push(eq(wallets.chainId, filters.chainId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectWallets(executor)
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

/**
 * Removes a wallet from the book (kept for the withdrawals that reference it); `not_found` if it is not in the book.
 */
export async function removeWallet(
  executor: Executor,
  input: { orgId: string; walletId: string; actor: AuditActor; requestId?: string | null },
): Promise<WalletWire> {
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, input.orgId);
    const [row] = await tx
      .update(wallets)
      .set({ removedAt: at, updatedAt: at })
      .where(and(eq(wallets.orgId, input.orgId), eq(wallets.id, input.walletId), isNull(wallets.removedAt)))
      .returning({ id: wallets.id });
    if (!row) throw ApiError.notFound('Wallet');
    return recordWalletChange(tx, input, 'wallet.removed', row.id, at);
  });
}

/**
 * A wallet in the book, for a withdrawal: `bad_request` naming `wallet_id` if unknown or removed, waiting for
 * approval, still cooling off, or on a disabled chain.
 */
export async function usableWallet(executor: Executor, orgId: string, walletId: string, at: Date) {
  const [row] = await selectWallets(executor).where(
    and(eq(wallets.orgId, orgId), eq(wallets.id, walletId), isNull(wallets.removedAt)),
  );
  if (!row) {
    throw ApiError.businessRule('wallet_id: no such wallet in the address book', {
      code: 'wallet_not_found',
      param: 'wallet_id',
    });
  }
  if (row.pendingApproval) {
    throw ApiError.businessRule(
      'wallet_id: this address waits for a second approver (approval policy): it cannot be withdrawn to yet',
      { code: 'wallet_pending_approval', param: 'wallet_id' },
    );
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
