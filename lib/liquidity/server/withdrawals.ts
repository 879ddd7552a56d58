// Owns withdrawals as the client sees them: the fast newest-first list, one by id, and creating one (held in the ledger).
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts } from '@/db/schema/ledger';
import {
  WITHDRAWAL_SEQ_BLOCK,
  type WithdrawalStatus,
  type WithdrawalSubStatus,
  withdrawalRequests,
  withdrawals,
} from '@/db/schema/liquidity';
import { lockOrgFunds, postTransaction } from '@/lib/ledger/server';
import type { LiquidityActorWire, WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { getApprovalPolicy } from '@/lib/payouts/server';
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
import { type AuditActor, ISO_UTC, idFor } from './common';
import type { Requester } from './person';
import { usableWallet } from './wallets';
import { scheduleWithdrawalStep } from './withdrawal-schedule';

export type WithdrawalRow = {
  id: string;
  amount: string;
  chain_id: string;
  chain_code: string;
  wallet_id: string;
  org_id: string;
  org_name: string;
  wallet_address: string;
  transaction_hash: string | null;
  custody_transaction_id: string | null;
  status: WithdrawalStatus;
  sub_status: WithdrawalSubStatus;
  failure_reason: string | null;
  withdrawal_request_id: string;
  requested_by_user_id: string | null;
  requested_by_user_name: string | null;
  requested_by_api_key_id: string | null;
  requested_by_api_key_name: string | null;
  requested_by_key_creator_id: string | null;
  approved_by_user_id: string | null;
  approved_by_user_name: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * The select list of a Withdrawal; `w` is withdrawals, `o` organizations, `c` chains, and WITHDRAWAL_JOINS's `r`
 * (the request), `ru`/`rk` (who asked) and `au` (who approved). Times already ISO in UTC.
 */
export const WITHDRAWAL_COLUMNS = sql.raw(`w.id, w.amount::text as amount, w.chain_id, c.code as chain_code,
  w.wallet_id, w.org_id, o.name as org_name, w.wallet_address, w.transaction_hash, w.custody_transaction_id,
  w.status, w.sub_status, w.failure_reason, w.withdrawal_request_id,
  r.requested_by_user_id, ru.name as requested_by_user_name, r.requested_by_api_key_id,
  rk.name as requested_by_api_key_name, rk.created_by_user_id as requested_by_key_creator_id,
  r.approved_by_user_id, au.name as approved_by_user_name,
  to_char(w.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
  to_char(w.updated_at at time zone 'UTC', ${ISO_UTC}) as updated_at`);

/** The joins WITHDRAWAL_COLUMNS reads, after `withdrawals w`. */
export const WITHDRAWAL_JOINS = sql.raw(`join organizations o on o.id = w.org_id
  join chains c on c.id = w.chain_id
  join withdrawal_requests r on r.id = w.withdrawal_request_id
  left join users ru on ru.id = r.requested_by_user_id
  left join api_keys rk on rk.id = r.requested_by_api_key_id
  left join users au on au.id = r.approved_by_user_id`);

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

  const rows = await executor.execute<WithdrawalRow & { total: string }>(sql`
    with t as materialized (
      select coalesce(sum(count), 0)::bigint as total from withdrawal_counts where ${countWhere}
    ),
    start as materialized (
      select block, (${offset}::bigint - (cum - n))::bigint as skip from (
        select block, n, sum(n) over (order by block desc) as cum
          from (select block, sum(count) as n from withdrawal_block_counts where ${countWhere} group by block) b
      ) c
       where cum > ${offset}::bigint
       order by block desc
       limit 1
    ),
    keys as (
      select w.seq from withdrawals w
       where ${rowWhere} and w.seq <= (select (block + 1) * ${WITHDRAWAL_SEQ_BLOCK} from start)
       order by w.seq desc
       offset (select skip from start) limit ${filters.limit}::int
    )
    select t.total::text as total, p.* from t left join lateral (
      select ${WITHDRAWAL_COLUMNS}
        from keys k
        join withdrawals w on w.org_id = ${orgId} and w.seq = k.seq
        ${WITHDRAWAL_JOINS}
       order by k.seq desc
    ) p on true`);
  const totalCount = Number(rows[0]?.total ?? 0);
  const items = rows.filter((row) => row.id !== null).map(withdrawalToWire);
  return cursorEnvelope(items, filters, totalCount, { backwards: false, fetch: filters.limit, offset });
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
    table: 'withdrawals',
    orgId,
    keys: sql`w.seq`,
    cursorKeys: 'seq',
  });
  const direction = sql.raw(start.backwards ? 'asc' : 'desc');
  const rows = await executor.execute<WithdrawalRow & { total: string }>(sql`
    with t as materialized (
      select coalesce(sum(count), 0)::bigint as total from withdrawal_counts where ${countWhere}
    )
    select t.total::text as total, p.* from t left join lateral (
      select ${WITHDRAWAL_COLUMNS}, w.seq
        from withdrawals w
        ${WITHDRAWAL_JOINS}
       where ${rowWhere} and ${start.condition!}
       order by w.seq ${direction}
       limit ${start.fetch}::int
    ) p on true`);
  const totalCount = Number(rows[0]?.total ?? 0);
  const items = rows.filter((row) => row.id !== null).map(withdrawalToWire);
  return cursorEnvelope(items, filters, totalCount, start);
}

export async function findWithdrawal(
  executor: Executor,
  orgId: string,
  withdrawalId: string,
  options: { forUpdate?: boolean } = {},
): Promise<WithdrawalRow | undefined> {
  const rows = await executor.execute<WithdrawalRow>(sql`
    select ${WITHDRAWAL_COLUMNS}
      from withdrawals w
      ${WITHDRAWAL_JOINS}
     where w.org_id = ${orgId} and w.id = ${withdrawalId}
     ${options.forUpdate ? sql`for update of w` : sql``}`);
  return rows[0];
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
    const pendingApproval = (await getApprovalPolicy(tx, input.orgId)).withdrawals_require_approval;

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
    if (!input.at) await scheduleWithdrawalStep(tx, row!);
    return wire;
  });
}
