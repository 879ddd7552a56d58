// Owns what operations do with the chain watcher's alerts (CUSTODY_ADAPTER=evm): list them, open or settled, with the
// chain deposit concerned, and settle a credited deposit that vanished in a reorganisation — `reinstated` only when the
// node shows it again with its confirmations, or `written_off` (the provider bears it) — never moving money (0325).
import { desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { chainAlerts, chainDeposits, fundingAddresses } from '@/db/schema/funding';
import { organizations } from '@/db/schema/identity/organizations';
import { chains } from '@/db/schema/platform/chains';
import type {
  ChainAlertWire,
  chainAlertListQuery,
  resolveChainAlertBody,
} from '@/lib/funding/contract/support-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { custody } from '@/lib/platform/adapters/custody';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { formatUsdt } from '@/lib/platform/money';

type AlertRow = typeof chainAlerts.$inferSelect;
type DepositRow = typeof chainDeposits.$inferSelect;

function toWire(
  alert: AlertRow,
  chain: string,
  orgName: string | null,
  deposit: DepositRow | null,
): ChainAlertWire {
  return {
    id: alert.id,
    kind: alert.kind,
    chain,
    org_id: alert.orgId,
    subject_id: alert.subjectId,
    org_name: orgName,
    message: alert.message,
    deposit:
      alert.kind === 'credited_deposit_vanished' && deposit
        ? {
            transaction_hash: deposit.transactionHash,
            log_index: deposit.logIndex,
            block_number: Number(deposit.blockNumber),
            amount: formatUsdt(deposit.amount),
            credited_at: deposit.creditedAt?.toISOString() ?? null,
            vanished_at: deposit.vanishedAt?.toISOString() ?? null,
          }
        : null,
    resolved_at: alert.resolvedAt?.toISOString() ?? null,
    resolution: alert.resolution ?? null,
    resolution_note: alert.resolutionNote ?? null,
    resolved_by_user_id: alert.resolvedByUserId ?? null,
    created_at: alert.createdAt.toISOString(),
  };
}

async function readAlerts(
  executor: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<ChainAlertWire[]> {
  const rows = await executor
    .select({ alert: chainAlerts, chain: chains.code, orgName: organizations.name, deposit: chainDeposits })
    .from(chainAlerts)
    .innerJoin(chains, eq(chains.id, chainAlerts.chainId))
    .leftJoin(organizations, eq(organizations.id, chainAlerts.orgId))
    // A withdrawal's id never names a chain deposit: the join finds one only for a vanished deposit's alert.
    .leftJoin(chainDeposits, eq(chainDeposits.id, chainAlerts.subjectId))
    .where(where)
    .orderBy(desc(chainAlerts.createdAt), desc(chainAlerts.id))
    .limit(limit);
  return rows.map((row) => toWire(row.alert, row.chain, row.orgName, row.deposit));
}

/** The chain watcher's alerts for operations, newest first (names and amounts, no organization's bank or ID data). */
export async function listChainAlerts(executor: Executor, query: z.output<typeof chainAlertListQuery> = {}) {
  const where =
    query.status === 'open'
      ? isNull(chainAlerts.resolvedAt)
      : query.status === 'resolved'
        ? isNotNull(chainAlerts.resolvedAt)
        : undefined;
  return { data: await readAlerts(executor, where, 500) };
}

/**
 * Checks the node for a vanished deposit's transaction: successful, paying the deposit's address the same amount from
 * the same sender, with the confirmations a credit needs. Answers where it now is, or throws what was found instead.
 */
async function provenAgain(deposit: DepositRow, address: string) {
  const watch = custody().chainWatch;
  if (!watch)
    throw new ApiError(
      'conflict',
      `custody "${custody().name}" does not watch a chain: nothing can be checked`,
      {
        code: 'invalid_state',
      },
    );
  const found = await watch.transaction(deposit.transactionHash);
  const refuse = (what: string) =>
    new ApiError('conflict', `not reinstated: ${what}. Resolve it once it is, or write it off`, {
      code: 'invalid_state',
    });
  if (!found) throw refuse(`the node has no receipt for ${deposit.transactionHash}`);
  if (found.status !== 'success') throw refuse(`${deposit.transactionHash} failed on chain (reverted)`);
  const transfer = found.transfers.find(
    (t) =>
      t.to.toLowerCase() === address.toLowerCase() &&
      t.from.toLowerCase() === deposit.fromAddress.toLowerCase() &&
      t.rawAmount === BigInt(deposit.rawAmount),
  );
  if (!transfer)
    throw refuse(`${deposit.transactionHash} no longer pays ${address} ${formatUsdt(deposit.amount)} USDT`);
  const confirmations = (await watch.head()) - found.blockNumber + 1n;
  if (confirmations < BigInt(deposit.requiredConfirmations))
    throw refuse(
      `${deposit.transactionHash} is in block ${found.blockNumber} with ${confirmations} of ${deposit.requiredConfirmations} confirmations`,
    );
  return { blockNumber: found.blockNumber, blockHash: found.blockHash, logIndex: transfer.logIndex };
}

/** Operations settle a credited deposit that vanished: the alert keeps who, when and why; audited; no money moves. */
export async function resolveVanishedDeposit(
  executor: Executor,
  actor: StaffActor,
  alertId: string,
  body: z.output<typeof resolveChainAlertBody>,
  requestId: string | null,
): Promise<ChainAlertWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const [alert] = await tx.select().from(chainAlerts).where(eq(chainAlerts.id, alertId)).for('update');
    if (!alert) throw ApiError.notFound('Chain alert');
    if (alert.resolvedAt)
      throw new ApiError('conflict', `the alert was settled at ${alert.resolvedAt.toISOString()}`, {
        code: 'invalid_state',
      });
    if (alert.kind !== 'credited_deposit_vanished')
      throw new ApiError(
        'conflict',
        "a withdrawal_mismatch alert is settled by the withdrawal's review (POST …/withdrawals/{id}/review)",
        { code: 'invalid_state' },
      );
    const [found] = await tx
      .select({ deposit: chainDeposits, address: fundingAddresses.address })
      .from(chainDeposits)
      .innerJoin(fundingAddresses, eq(fundingAddresses.id, chainDeposits.fundingAddressId))
      .where(eq(chainDeposits.id, alert.subjectId))
      .for('update', { of: chainDeposits });
    if (!found) throw ApiError.notFound('Chain deposit');
    const { deposit, address } = found;
    if (body.outcome === 'reinstated') {
      const now = await provenAgain(deposit, address);
      await tx
        .update(chainDeposits)
        .set({ ...now, vanishedAt: null })
        .where(eq(chainDeposits.id, deposit.id));
    }
    await tx
      .update(chainAlerts)
      .set({
        resolvedAt: new Date(),
        resolution: body.outcome,
        resolutionNote: body.note,
        resolvedByUserId: actor.userId,
      })
      .where(eq(chainAlerts.id, alert.id));
    await recordEvent(tx, {
      orgId: alert.orgId,
      type: 'chain_alert.resolved',
      actor: userAuditActor(actor.userId, true),
      subjectId: alert.id,
      data: {
        kind: alert.kind,
        outcome: body.outcome,
        note: body.note,
        chain_deposit_id: deposit.id,
        transaction_hash: deposit.transactionHash,
        amount: formatUsdt(deposit.amount),
      },
      requestId,
    });
    const [settled] = await readAlerts(tx, eq(chainAlerts.id, alert.id), 1);
    return settled!;
  });
}
