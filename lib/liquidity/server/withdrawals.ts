// Owns withdrawals as the client sees them: the fast newest-first list, one by id, and creating one (held in the ledger).
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import { ledgerAccounts } from '@/db/schema/ledger';
import {
  WITHDRAWAL_SEQ_BLOCK,
  type WithdrawalStatus,
  withdrawalRequests,
  withdrawals,
} from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { approvalColumn, openApproval } from '@/lib/approvals/server';
import { lockOrgFunds, postTransaction } from '@/lib/ledger/server';
import type { LiquidityActorWire, WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec, formatUsdt } from '@/lib/platform/money';
import { pageOffset } from '@/lib/platform/pagination';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import { type AuditActor, idFor } from './common';
import { personOf, type Requester } from './person';
import { usableWallet } from './wallets';
import { scheduleWithdrawalStep } from './withdrawal-schedule';

const w = withdrawals;
const r = withdrawalRequests;
/** Who asked (a user, or an API key and the user who made it) and who approved: each its own alias of its table. */
const requester = alias(users, 'ru');
const requesterKey = alias(apiKeys, 'rk');
const approver = alias(users, 'au');

/**
 * What a read of a withdrawal selects, one object per table: Drizzle reads an object as null when its table has no
 * row in the result (its first column, never null in the table, is null) — the requester that is a key and not a
 * user, or the list's row that carries only the total of an empty page.
 */
const withdrawalParts = {
  withdrawal: {
    id: w.id,
    amount: w.amount,
    chainId: w.chainId,
    walletId: w.walletId,
    orgId: w.orgId,
    walletAddress: w.walletAddress,
    transactionHash: w.transactionHash,
    custodyTransactionId: w.custodyTransactionId,
    status: w.status,
    subStatus: w.subStatus,
    failureReason: w.failureReason,
    withdrawalRequestId: w.withdrawalRequestId,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  },
  org: { name: organizations.name },
  chain: { code: chains.code },
  request: {
    id: r.id,
    requestedByUserId: r.requestedByUserId,
    requestedByApiKeyId: r.requestedByApiKeyId,
    approvedByUserId: r.approvedByUserId,
  },
  requester: { name: requester.name },
  requesterKey: { name: requesterKey.name, createdByUserId: requesterKey.createdByUserId },
  approver: { name: approver.name },
  approval: approvalColumn('withdrawal', sql.raw('"withdrawals"."id"')),
};
type Parts = SelectResultFields<typeof withdrawalParts>;
type Optional = 'requester' | 'requesterKey' | 'approver';
type WithdrawalParts = Omit<Parts, Optional> & { [K in Optional]: Parts[K] | null };

/** The flat row the liquidity services read (times ISO in UTC, as on the wire). */
function withdrawalRow(parts: WithdrawalParts) {
  const { withdrawal, request } = parts;
  return {
    id: withdrawal.id,
    amount: withdrawal.amount,
    chain_id: withdrawal.chainId,
    chain_code: parts.chain.code,
    wallet_id: withdrawal.walletId,
    org_id: withdrawal.orgId,
    org_name: parts.org.name,
    wallet_address: withdrawal.walletAddress,
    transaction_hash: withdrawal.transactionHash,
    custody_transaction_id: withdrawal.custodyTransactionId,
    status: withdrawal.status,
    sub_status: withdrawal.subStatus,
    failure_reason: withdrawal.failureReason,
    withdrawal_request_id: withdrawal.withdrawalRequestId,
    requested_by_user_id: request.requestedByUserId,
    requested_by_user_name: parts.requester?.name ?? null,
    requested_by_api_key_id: request.requestedByApiKeyId,
    requested_by_api_key_name: parts.requesterKey?.name ?? null,
    requested_by_key_creator_id: parts.requesterKey?.createdByUserId ?? null,
    approved_by_user_id: request.approvedByUserId,
    approved_by_user_name: parts.approver?.name ?? null,
    approval: parts.approval,
    created_at: withdrawal.createdAt.toISOString(),
    updated_at: withdrawal.updatedAt.toISOString(),
  };
}
export type WithdrawalRow = ReturnType<typeof withdrawalRow>;

function requestedByWire(row: WithdrawalRow): LiquidityActorWire {
  if (row.requested_by_user_id) {
    return {
      type: 'user',
      id: row.requested_by_user_id,
      name: row.requested_by_user_name ?? '',
      user_id: row.requested_by_user_id,
    };
  }
  return {
    type: 'api_key',
    id: row.requested_by_api_key_id ?? '',
    name: row.requested_by_api_key_name ?? '',
    user_id: row.requested_by_key_creator_id,
  };
}

export function withdrawalToWire(row: WithdrawalRow): WithdrawalWire {
  return {
    id: row.id,
    amount: formatUsdt(row.amount),
    chain_id: row.chain_id,
    wallet_id: row.wallet_id,
    org_id: row.org_id,
    org_name: row.org_name,
    wallet_address: row.wallet_address,
    transaction_hash: row.transaction_hash,
    custody_transaction_id: row.custody_transaction_id,
    status: row.status,
    sub_status: row.sub_status,
    failure_reason: row.failure_reason,
    withdrawal_request_id: row.withdrawal_request_id,
    requested_by: requestedByWire(row),
    approved_by: row.approved_by_user_id
      ? {
          type: 'user',
          id: row.approved_by_user_id,
          name: row.approved_by_user_name ?? '',
          user_id: row.approved_by_user_id,
        }
      : null,
    approval: row.approval,
    // What the caller may do next is filled for the caller of a request (approval-actions.ts); an event has none.
    actions: null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface WithdrawalFilters extends CursorPageRequest {
  status?: WithdrawalStatus;
  chainId?: string;
}

/** Largest offset sent to PostgreSQL (bigint-safe); any page that far out is past the end anyway. */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/**
 * Newest first: `seq` descending — the order the withdrawals were accepted in, which is `created_at` descending (seq
 * and created_at are both taken under the organization's funding lock), with the later-accepted first when two share
 * a millisecond. One statement, whatever the page:
 * - `meta.total` is a sum over `withdrawal_counts` (per organization, chain and status, kept by triggers in the same
 *   transaction as every change), never a count over the organization's rows;
 * - the page's first row is found by summing `withdrawal_block_counts` (the same counts per block of 1,024 seq values)
 *   newest block first, so the index scan starts in the right block and skips fewer than 1,024 entries, reading only
 *   `seq` from the index (an index-only scan); then the page's own rows are fetched by (org_id, seq).
 * A page at offset 100,000 therefore reads ~100 small counter rows and < 1,024 index entries, not 100,000 rows.
 */
export async function listWithdrawals(
  executor: Executor,
  orgId: string,
  filters: WithdrawalFilters,
): Promise<CursorListEnvelope<WithdrawalWire>> {
  const offset = Math.min(pageOffset(filters), MAX_OFFSET);
  const rowFilter: SQL[] = [sql`w.org_id = ${orgId}`];
  const countFilter: SQL[] = [sql`org_id = ${orgId}`];
  if (filters.status) {
    rowFilter.push(sql`w.status = ${filters.status}`);
    countFilter.push(sql`status = ${filters.status}`);
  }
  if (filters.chainId) {
    rowFilter.push(sql`w.chain_id = ${filters.chainId}`);
    countFilter.push(sql`chain_id = ${filters.chainId}`);
  }
  const rowWhere = sql.join(rowFilter, sql` and `);
  const countWhere = sql.join(countFilter, sql` and `);
  if (filters.startingAfter || filters.endingBefore) {
    return listWithdrawalsFrom(executor, orgId, filters, rowWhere, countWhere);
  }

  const total = listTotal(executor, countWhere);
  const start = executor.$with('start', { block: sql`block`.as('block'), skip: sql`skip`.as('skip') }).as(sql`
      select block, (${offset}::bigint - (cum - n))::bigint as skip from (
        select block, n, sum(n) over (order by block desc) as cum
          from (select block, sum(count) as n from withdrawal_block_counts where ${countWhere} group by block) b
      ) c
       where cum > ${offset}::bigint
       order by block desc
       limit 1`);
  const keys = pageKeys(executor).as(sql`
      select w.seq as page_seq from withdrawals w
       where ${rowWhere} and w.seq <= (select (block + 1) * ${WITHDRAWAL_SEQ_BLOCK} from start)
       order by w.seq desc
       offset (select skip from start) limit ${filters.limit}::int`);
  const page = await readPage(executor, orgId, { total, keys, ctes: [total, start, keys], backwards: false });
  return cursorEnvelope(page.items, filters, page.total, { backwards: false, fetch: filters.limit, offset });
}

/** The list's total: a sum over `withdrawal_counts`, never a count over the organization's rows. */
function listTotal(executor: Executor, countWhere: SQL) {
  return executor
    .$with('t', { total: sql`total`.mapWith(Number).as('total') })
    .as(sql`select coalesce(sum(count), 0)::bigint as total from withdrawal_counts where ${countWhere}`);
}

/** The page's `seq` values as `page_seq` (a name no joined table has), in the list's order; its statement follows with `as`. */
function pageKeys(executor: Executor) {
  return executor.$with('keys', { seq: sql`page_seq`.mapWith(Number).as('page_seq') });
}

/**
 * The page's withdrawals (by `keys`, in its order) and the list's total, in one statement: the right join on the
 * one-row total keeps a row, and the total, when the page is empty — that row's withdrawal is null.
 */
async function readPage(
  executor: Executor,
  orgId: string,
  page: {
    total: ReturnType<typeof listTotal>;
    keys: ReturnType<ReturnType<typeof pageKeys>['as']>;
    ctes: WithSubquery[];
    backwards: boolean;
  },
): Promise<{ items: WithdrawalWire[]; total: number }> {
  const { total, keys } = page;
  const rows = await executor
    .with(...page.ctes)
    .select({ total: total.total, ...withdrawalParts })
    .from(keys)
    .innerJoin(w, and(eq(w.orgId, orgId), eq(w.seq, keys.seq)))
    .innerJoin(organizations, eq(organizations.id, w.orgId))
    .innerJoin(chains, eq(chains.id, w.chainId))
    .innerJoin(r, eq(r.id, w.withdrawalRequestId))
    .leftJoin(requester, eq(requester.id, r.requestedByUserId))
    .leftJoin(requesterKey, eq(requesterKey.id, r.requestedByApiKeyId))
    .leftJoin(approver, eq(approver.id, r.approvedByUserId))
    .rightJoin(total, sql`true`)
    .orderBy((page.backwards ? asc : desc)(keys.seq));
  const items = rows.flatMap(({ withdrawal, org, chain, request, ...rest }) =>
    withdrawal && org && chain && request
      ? [withdrawalToWire(withdrawalRow({ ...rest, withdrawal, org, chain, request }))]
      : [],
  );
  return { items, total: rows[0]?.total ?? 0 };
}

/** A cursor page: the rows next to the cursor's `seq` in the direction asked (an index range scan, any depth). */
async function listWithdrawalsFrom(
  executor: Executor,
  orgId: string,
  filters: WithdrawalFilters,
  rowWhere: SQL,
  countWhere: SQL,
): Promise<CursorListEnvelope<WithdrawalWire>> {
  const start = await keysetStart(executor, filters, {
    table: withdrawals,
    orgId,
    keys: sql`w.seq`,
    cursorKeys: [withdrawals.seq],
  });
  const direction = sql.raw(start.backwards ? 'asc' : 'desc');
  const total = listTotal(executor, countWhere);
  const keys = pageKeys(executor).as(sql`
      select w.seq as page_seq from withdrawals w
       where ${rowWhere} and ${start.condition!}
       order by w.seq ${direction}
       limit ${start.fetch}::int`);
  const page = await readPage(executor, orgId, {
    total,
    keys,
    ctes: [total, keys],
    backwards: start.backwards,
  });
  return cursorEnvelope(page.items, filters, page.total, start);
}

/** Reads one withdrawal of the organization, locking its row for the caller's transaction with `forUpdate`. */
export async function findWithdrawal(
  executor: Executor,
  orgId: string,
  withdrawalId: string,
  options: { forUpdate?: boolean } = {},
): Promise<WithdrawalRow | undefined> {
  const query = executor
    .select(withdrawalParts)
    .from(w)
    .innerJoin(organizations, eq(organizations.id, w.orgId))
    .innerJoin(chains, eq(chains.id, w.chainId))
    .innerJoin(r, eq(r.id, w.withdrawalRequestId))
    .leftJoin(requester, eq(requester.id, r.requestedByUserId))
    .leftJoin(requesterKey, eq(requesterKey.id, r.requestedByApiKeyId))
    .leftJoin(approver, eq(approver.id, r.approvedByUserId))
    .where(and(eq(w.orgId, orgId), eq(w.id, withdrawalId)));
  const [parts] = await (options.forUpdate ? query.for('update', { of: w }) : query);
  return parts ? withdrawalRow(parts) : undefined;
}

/** One withdrawal of the organization; another organization's, or an id that is not a UUID, is `not_found`. */
export async function getWithdrawal(
  executor: Executor,
  orgId: string,
  withdrawalId: string,
): Promise<WithdrawalWire> {
  const row = await findWithdrawal(executor, orgId, withdrawalId);
  if (!row) throw ApiError.notFound('Withdrawal');
  return withdrawalToWire(row);
}

export interface CreateWithdrawalInput {
  orgId: string;
  amount: string;
  walletId: string;
  actor: AuditActor;
  /** Exactly one: the user or the API key that asked (the request records it). */
  requestedBy: Requester;
  idempotencyKey?: string | null;
  requestId?: string | null;
  /** For the seed's history; defaults to the organization's business time (and then the sandbox schedules its steps). */
  at?: Date;
}

/**
 * Creates a withdrawal to an address-book wallet whose cooling-off has passed: in one transaction, under the
 * organization's funding lock (as batch confirmation takes it), the amount moves from available to held, the
 * withdrawal request and the SUBMITTED withdrawal are written with their event, and the custody step is scheduled.
 * Under the approval policy's `withdrawals_require_approval` it stops at `pending_approval` instead: held (so the
 * balance cannot be spent twice) but not scheduled, until a second person approves it. An amount below the chain's
 * minimum or a short balance is a `bad_request` naming `amount`; nothing is stored on any refusal.
 */
export async function createWithdrawal(
  executor: Executor,
  input: CreateWithdrawalInput,
): Promise<WithdrawalWire> {
  return executor.transaction(async (tx) => {
    const wallet = await usableWallet(
      tx,
      input.orgId,
      input.walletId,
      input.at ?? (await businessNow(tx, input.orgId)),
    );
    const amount = formatUsdt(dec(input.amount));
    if (dec(amount).lessThan(wallet.minWithdrawalAmount)) {
      throw ApiError.businessRule(
        `amount: the smallest withdrawal on ${wallet.chainName} is ${formatUsdt(wallet.minWithdrawalAmount)} USDT`,
        { code: 'amount_below_minimum', param: 'amount' },
      );
    }
    const accounts = await lockOrgFunds(tx, input.orgId);
    // Under the lock: the next position and the time, so seq order and created_at order agree.
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [next] = await tx
      .select({ seq: sql<string>`(coalesce(max(${withdrawals.seq}), 0) + 1)::text` })
      .from(withdrawals)
      .where(eq(withdrawals.orgId, input.orgId));
    const [available] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accounts.available));
    // Checked under the lock, so no concurrent withdrawal or confirmation can slip in between.
    if (dec(available?.balance ?? '0').lessThan(amount)) {
      throw ApiError.businessRule(
        `amount: funding balance is short (available ${formatUsdt(available?.balance ?? '0')} USDT)`,
        { code: 'insufficient_balance', param: 'amount' },
      );
    }

    const requestId = idFor(input.at);
    const withdrawalId = idFor(input.at);
    // It goes to approval as it is asked for: the matching rules' stages are copied onto it (the requester never
    // approves it). Pending, it is held but not sent to custody.
    const requester = await personOf(tx, input.requestedBy);
    const approval = await openApproval(tx, {
      orgId: input.orgId,
      objectId: withdrawalId,
      subject: { object: 'withdrawal', amountUsdt: amount, at },
      makers: ['userId' in requester ? requester.userId : requester.apiKeyId],
      summary: {
        title: `Withdrawal of ${amount} USDT to ${wallet.label ?? wallet.address}`,
        amount_usdt: amount,
      },
    });
    const pendingApproval = approval.status === 'pending';
    const holdTransactionId = await postTransaction(tx, {
      orgId: input.orgId,
      type: 'withdrawal_hold',
      description: `Hold for withdrawal to ${wallet.label ?? wallet.address}`,
      referenceType: 'withdrawal',
      referenceId: withdrawalId,
      createdAt: at,
      entries: [
        { accountId: accounts.available, amount: `-${amount}` },
        { accountId: accounts.held, amount },
      ],
    });
    await tx.insert(withdrawalRequests).values({
      id: requestId,
      orgId: input.orgId,
      chainId: wallet.chainId,
      walletId: wallet.id,
      amount,
      status: pendingApproval ? 'pending' : 'submitted',
      idempotencyKey: input.idempotencyKey ?? null,
      ...('userId' in input.requestedBy
        ? { requestedByUserId: input.requestedBy.userId }
        : { requestedByApiKeyId: input.requestedBy.apiKeyId }),
      holdTransactionId,
      createdAt: at,
      updatedAt: at,
    });
    await tx.insert(withdrawals).values({
      id: withdrawalId,
      orgId: input.orgId,
      withdrawalRequestId: requestId,
      seq: Number(next!.seq),
      chainId: wallet.chainId,
      walletId: wallet.id,
      amount,
      walletAddress: wallet.address,
      status: 'SUBMITTED',
      subStatus: pendingApproval ? 'pending_approval' : 'awaiting_approval',
      createdAt: at,
      updatedAt: at,
    });
    const row = await findWithdrawal(tx, input.orgId, withdrawalId);
    const wire = withdrawalToWire(row!);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'withdrawal.submitted',
      actor: input.actor,
      subjectId: withdrawalId,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    if (pendingApproval)
      await recordEvent(tx, {
        orgId: input.orgId,
        type: 'withdrawal.approval_requested',
        actor: input.actor,
        subjectId: withdrawalId,
        data: wire,
        requestId: input.requestId ?? null,
        createdAt: at,
      });
    if (!input.at) await scheduleWithdrawalStep(tx, row!);
    return wire;
  });
}
