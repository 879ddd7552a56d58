// Owns watching the chain for deposits (CUSTODY_ADAPTER=evm): one pass reads the configured token's transfers to the
// funding addresses from the checkpoint on, in a bounded block range, notices reorganisations by the hashes of blocks
// it read, and credits each transfer once it has its confirmations — everything a pass learnt, the checkpoint's move
// and the credits committed in one transaction, under the checkpoint row's lock.
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  chainAlerts,
  chainDeposits,
  chainWatchBlocks,
  chainWatchCheckpoints,
  fundingAddresses,
} from '@/db/schema/funding';
import { chains } from '@/db/schema/platform/chains';
import type { ChainAlertResolution } from '@/lib/funding/contract/enums';
import type { ChainTransfer, CustodyChainWatch } from '@/lib/platform/adapters/custody';
import { custody } from '@/lib/platform/adapters/custody';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { log } from '@/lib/platform/log';
import { metrics } from '@/lib/platform/metrics/counters';
import { deriveMissingFundingAddresses } from './addresses';
import { creditedUsdt } from './chain-amounts';
import { chainDepositToWire } from './chain-deposits';
import { creditDeposit } from './deposits';

/**
 * Deposits credited in one pass at most: each credit holds its organization's funding lock until the pass commits, so
 * a backlog is credited in several short passes rather than one that holds a hundred organizations' funds at once.
 */
const CREDITS_PER_PASS = 100;

/** Receipts asked of the node at once before crediting (RPC services limit concurrent requests). */
const RECEIPTS_AT_ONCE = 8;

/** Block hashes kept behind the checkpoint: a reorganisation deeper than this is noticed only by the credit check. */
const KEPT_BLOCKS_MIN = 256n;

export type WatchPass =
  | { outcome: 'not_watching' }
  | { outcome: 'busy' }
  | {
      outcome: 'scanned';
      head: bigint;
      /** The checkpoint after the pass. */
      lastScanned: bigint;
      /** Whether the checkpoint reached the head and every confirmed deposit is credited (nothing left to do now). */
      caughtUp: boolean;
      detected: number;
      credited: number;
      /** Pending deposits dropped because their block was replaced. */
      reorged: number;
    };

/** The node's answers moved while a pass read them (a block replaced mid-pass): nothing is kept, the next pass rereads. */
class ChainMovedError extends Error {
  constructor(what: string) {
    super(`the chain moved while it was read (${what}); the pass is retried`);
    this.name = 'ChainMovedError';
  }
}

interface WatchedChain {
  watch: CustodyChainWatch;
  chainId: string;
  chainCode: string;
}

async function watchedChain(executor: Executor): Promise<WatchedChain | null> {
  const watch = custody().chainWatch;
  if (!watch) return null;
  const [chain] = await executor
    .select({ id: chains.id })
    .from(chains)
    .where(eq(chains.code, watch.chainCode));
  if (!chain)
    throw new Error(`chain "${watch.chainCode}" (CUSTODY_EVM_CHAIN_ID) has no row in this deployment`);
  return { watch, chainId: chain.id, chainCode: watch.chainCode };
}

/**
 * One pass of the watcher. Two workers running it at once: the second finds the checkpoint row locked and answers
 * `busy`. A pass that fails anywhere (an RPC error or timeout, a crash) commits nothing: the checkpoint never moves
 * past a block whose transfers were not stored.
 */
export async function watchChainOnce(executor: Executor): Promise<WatchPass> {
  const chain = await watchedChain(executor);
  if (!chain) return { outcome: 'not_watching' };
  // Organizations that existed before EVM custody was switched on get their address first (new ones got theirs when
  // they were created), so a transfer to it is read in this pass.
  await deriveMissingFundingAddresses(executor);
  const { watch, chainId } = chain;
  const key = and(
    eq(chainWatchCheckpoints.chainId, chainId),
    eq(chainWatchCheckpoints.tokenAddress, watch.tokenAddress),
  );
  await executor
    .insert(chainWatchCheckpoints)
    .values({
      chainId,
      tokenAddress: watch.tokenAddress,
      lastScannedBlock: watch.startBlock - 1n,
      headBlock: watch.startBlock - 1n,
    })
    .onConflictDoNothing();
  const pass = await executor.transaction(async (tx) => {
    const [checkpoint] = await tx
      .select()
      .from(chainWatchCheckpoints)
      .where(key)
      .for('update', { skipLocked: true });
    if (!checkpoint) return { outcome: 'busy' } as const;
    const head = await watch.head();
    let lastScanned = checkpoint.lastScannedBlock;
    let reorged = 0;

    const fork = await findFork(tx, chain, lastScanned);
    if (fork !== null) {
      reorged = await rewind(tx, chain, fork);
      lastScanned = fork;
    }

    let detected = 0;
    const to = minBig(head, lastScanned + BigInt(watch.scanBlocks));
    if (to > lastScanned) {
      detected = await readRange(tx, chain, lastScanned + 1n, to);
      lastScanned = to;
    }
    await tx.update(chainWatchCheckpoints).set({ lastScannedBlock: lastScanned, headBlock: head }).where(key);
    // Hashes far behind the checkpoint are no longer needed to notice a reorganisation.
    const keep = maxBig(KEPT_BLOCKS_MIN, BigInt(watch.confirmations) * 4n);
    await tx
      .delete(chainWatchBlocks)
      .where(
        and(
          eq(chainWatchBlocks.chainId, chainId),
          eq(chainWatchBlocks.tokenAddress, watch.tokenAddress),
          lt(chainWatchBlocks.blockNumber, lastScanned - keep),
        ),
      );
    const { credited, more } = await creditConfirmed(tx, chain, head, lastScanned);
    return {
      outcome: 'scanned',
      head,
      lastScanned,
      caughtUp: lastScanned >= head && !more,
      detected,
      credited,
      reorged,
    } as const;
  });
  if (pass.outcome === 'scanned') await publishGauges(executor, chain, pass.head, pass.lastScanned);
  return pass;
}

/**
 * The highest block read whose hash the node still has, when a newer one it read was replaced (null: no change). The
 * newest kept hash is checked first: while it holds, every block before it holds too (each hash covers its parent).
 */
async function findFork(tx: Executor, chain: WatchedChain, lastScanned: bigint): Promise<bigint | null> {
  const kept = await tx
    .select({ number: chainWatchBlocks.blockNumber, hash: chainWatchBlocks.blockHash })
    .from(chainWatchBlocks)
    .where(
      and(
        eq(chainWatchBlocks.chainId, chain.chainId),
        eq(chainWatchBlocks.tokenAddress, chain.watch.tokenAddress),
      ),
    )
    .orderBy(desc(chainWatchBlocks.blockNumber));
  for (const [i, block] of kept.entries()) {
    if ((await chain.watch.blockHash(block.number)) === block.hash) {
      return i === 0 && block.number === lastScanned ? null : block.number;
    }
  }
  // Nothing kept matches: reread from the oldest kept block's parent (or from the start when nothing was kept yet).
  const oldest = kept.at(-1);
  return oldest ? oldest.number - 1n : null;
}

/**
 * Moves the watcher back to `fork`: pending deposits above it are dropped (`reorged`; a reread that finds them again
 * makes them pending), and a credited one whose transaction the node no longer has is an alert for operations — its
 * credit stays, never reversed silently. Answers how many pending deposits were dropped.
 */
async function rewind(tx: Executor, chain: WatchedChain, fork: bigint): Promise<number> {
  const above = and(eq(chainDeposits.chainId, chain.chainId), gt(chainDeposits.blockNumber, fork));
  const dropped = await tx
    .update(chainDeposits)
    .set({ status: 'reorged', reorgedAt: sql`now()` })
    .where(and(above, eq(chainDeposits.status, 'pending')))
    .returning({ id: chainDeposits.id });
  const credited = await tx
    .select()
    .from(chainDeposits)
    .where(and(above, eq(chainDeposits.status, 'credited')));
  for (const deposit of credited) {
    const found = await chain.watch.transaction(deposit.transactionHash);
    const transfer = found?.status === 'success' ? matchingTransfer(found.transfers, deposit) : undefined;
    if (transfer && found) {
      // Mined again in the new branch: the credit stands on the new block.
      await tx
        .update(chainDeposits)
        .set({ blockNumber: found.blockNumber, blockHash: found.blockHash, logIndex: transfer.logIndex })
        .where(eq(chainDeposits.id, deposit.id));
      continue;
    }
    await tx.update(chainDeposits).set({ vanishedAt: sql`now()` }).where(eq(chainDeposits.id, deposit.id));
    await raiseAlert(tx, chain, {
      kind: 'credited_deposit_vanished',
      orgId: deposit.orgId,
      subjectId: deposit.id,
      message: `Deposit ${deposit.transactionHash} (log ${deposit.logIndex}, ${deposit.amount} USDT) was credited at ${deposit.requiredConfirmations} confirmations and is no longer on chain after a reorganisation: the credit stands until operations decide.`,
    });
  }
  await tx
    .delete(chainWatchBlocks)
    .where(
      and(
        eq(chainWatchBlocks.chainId, chain.chainId),
        eq(chainWatchBlocks.tokenAddress, chain.watch.tokenAddress),
        gt(chainWatchBlocks.blockNumber, fork),
      ),
    );
  if (dropped.length > 0 || credited.length > 0)
    log('warn', 'custody: chain reorganisation', {
      chain: chain.chainCode,
      fork_block: fork.toString(),
      pending_dropped: dropped.length,
      credited_checked: credited.length,
    });
  return dropped.length;
}

/** The same transfer in a transaction's logs (its log index may differ in another block). */
function matchingTransfer(
  transfers: readonly ChainTransfer[],
  deposit: { fromAddress: string; rawAmount: string },
): ChainTransfer | undefined {
  return transfers.find(
    (transfer) => transfer.rawAmount === BigInt(deposit.rawAmount) && transfer.from === deposit.fromAddress,
  );
}

/**
 * Reads [from, to]: the token's transfers to known funding addresses, stored pending (or made pending again), each
 * new one announced (`funding.deposit_detected`). The range's last block hash is read before and after the logs, so a
 * range the node was reorganising while it answered is read again rather than stored.
 */
async function readRange(tx: Executor, chain: WatchedChain, from: bigint, to: bigint): Promise<number> {
  const { watch, chainId } = chain;
  const addresses = await tx
    .select({ id: fundingAddresses.id, orgId: fundingAddresses.orgId, address: fundingAddresses.address })
    .from(fundingAddresses)
    .where(eq(fundingAddresses.chainId, chainId));
  const byAddress = new Map(addresses.map((row) => [row.address.toLowerCase(), row]));
  const endHash = await watch.blockHash(to);
  if (!endHash) throw new ChainMovedError(`block ${to} is gone`);
  const transfers =
    addresses.length === 0
      ? []
      : await watch.transfersTo(
          { fromBlock: from, toBlock: to },
          addresses.map((row) => row.address),
        );
  if ((await watch.blockHash(to)) !== endHash) throw new ChainMovedError(`block ${to} was replaced`);
  // Each deposit's block hash as its log gave it: kept, so a later pass notices if that block is replaced (a log from a
  // branch the node was leaving is caught there, and by the receipt check before any credit).
  const blockHashes = new Map<bigint, string>([[to, endHash]]);
  for (const transfer of transfers) {
    if (transfer.blockNumber === to && transfer.blockHash !== endHash)
      throw new ChainMovedError(`block ${to} was replaced`);
    blockHashes.set(transfer.blockNumber, transfer.blockHash);
  }

  let detected = 0;
  for (const transfer of transfers) {
    const address = byAddress.get(transfer.to.toLowerCase());
    if (!address || transfer.rawAmount === 0n) continue;
    const confirmations = Number(minBig(BigInt(watch.confirmations), to - transfer.blockNumber + 1n));
    const [row] = await tx
      .insert(chainDeposits)
      .values({
        orgId: address.orgId,
        chainId,
        fundingAddressId: address.id,
        transactionHash: transfer.transactionHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        fromAddress: transfer.from,
        tokenAddress: watch.tokenAddress,
        rawAmount: transfer.rawAmount.toString(),
        tokenDecimals: watch.tokenDecimals,
        amount: creditedUsdt(transfer.rawAmount, watch.tokenDecimals),
        confirmations,
        requiredConfirmations: watch.confirmations,
      })
      .onConflictDoUpdate({
        target: [chainDeposits.chainId, chainDeposits.transactionHash, chainDeposits.logIndex],
        // Read again after a reorganisation: on its new block, and pending again if it had been dropped.
        set: {
          blockNumber: transfer.blockNumber,
          blockHash: transfer.blockHash,
          confirmations: sql`case when ${chainDeposits.status} = 'credited' then ${chainDeposits.confirmations} else ${confirmations} end`,
          status: sql`case when ${chainDeposits.status} = 'reorged' then 'pending' else ${chainDeposits.status} end`,
          reorgedAt: sql`case when ${chainDeposits.status} = 'reorged' then null else ${chainDeposits.reorgedAt} end`,
        },
      })
      .returning({ id: chainDeposits.id, inserted: sql<boolean>`xmax = 0` });
    if (row?.inserted) {
      detected += 1;
      const [stored] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, row.id));
      const wire = chainDepositToWire(stored!, { chain: chain.chainCode, address: address.address });
      await recordEvent(tx, {
        orgId: address.orgId,
        type: 'funding.deposit_detected',
        actor: SYSTEM_ACTOR,
        subjectId: row.id,
        data: wire,
        requestId: null,
      });
    }
  }
  await tx
    .insert(chainWatchBlocks)
    .values(
      [...blockHashes].map(([blockNumber, blockHash]) => ({
        chainId,
        tokenAddress: watch.tokenAddress,
        blockNumber,
        blockHash,
      })),
    )
    .onConflictDoUpdate({
      target: [chainWatchBlocks.chainId, chainWatchBlocks.tokenAddress, chainWatchBlocks.blockNumber],
      set: { blockHash: sql`excluded.block_hash` },
    });
  return detected;
}

/**
 * Confirmations brought up to date, then each pending deposit with all of them credited: only after the node confirms
 * the transaction succeeded in the very block it was read from, with the same transfer (an RPC service behind a load
 * balancer may answer from a node on another branch). `creditDeposit` runs in this transaction, which also marks the
 * deposit credited: a deposit is credited exactly when the pass commits, and at most once (unique deposit per
 * transfer).
 */
async function creditConfirmed(
  tx: Executor,
  chain: WatchedChain,
  head: bigint,
  lastScanned: bigint,
): Promise<{ credited: number; more: boolean }> {
  // Confirmations count only blocks read: a deposit is never ahead of the checkpoint.
  const tip = minBig(head, lastScanned);
  const pending = and(eq(chainDeposits.chainId, chain.chainId), eq(chainDeposits.status, 'pending'));
  await tx
    .update(chainDeposits)
    .set({
      confirmations: sql`least(${chainDeposits.requiredConfirmations}, greatest(0, ${tip.toString()}::bigint - ${chainDeposits.blockNumber} + 1))::int`,
    })
    .where(pending);
  const due = await tx
    .select()
    .from(chainDeposits)
    .where(and(pending, sql`${chainDeposits.confirmations} >= ${chainDeposits.requiredConfirmations}`))
    .orderBy(asc(chainDeposits.blockNumber), asc(chainDeposits.logIndex))
    .limit(CREDITS_PER_PASS + 1)
    .for('update');
  const more = due.length > CREDITS_PER_PASS;
  due.length = Math.min(due.length, CREDITS_PER_PASS);
  // Receipts asked a few at a time (one per transaction), then credits applied in order in this transaction.
  const receipts = new Map<string, Awaited<ReturnType<CustodyChainWatch['transaction']>>>();
  const hashes = [...new Set(due.map((deposit) => deposit.transactionHash))];
  for (let i = 0; i < hashes.length; i += RECEIPTS_AT_ONCE) {
    const slice = hashes.slice(i, i + RECEIPTS_AT_ONCE);
    const answers = await Promise.all(slice.map((hash) => chain.watch.transaction(hash)));
    for (const [j, hash] of slice.entries()) receipts.set(hash, answers[j]!);
  }
  let credited = 0;
  for (const deposit of due) {
    const found = receipts.get(deposit.transactionHash);
    const transfer = found?.transfers.find((candidate) => candidate.logIndex === deposit.logIndex);
    const same =
      found?.status === 'success' &&
      found.blockHash === deposit.blockHash &&
      transfer !== undefined &&
      transfer.rawAmount === BigInt(deposit.rawAmount) &&
      transfer.from === deposit.fromAddress;
    if (!same) {
      // The next pass's hash check finds the reorganisation (or this node catches up); nothing is credited meanwhile.
      log('warn', 'custody: a confirmed deposit did not check out against its receipt; not credited yet', {
        chain: chain.chainCode,
        transaction_hash: deposit.transactionHash,
        log_index: deposit.logIndex,
      });
      continue;
    }
    const wire = await creditDeposit(tx, {
      orgId: deposit.orgId,
      amount: deposit.amount,
      chainCode: chain.chainCode,
      transactionHash: deposit.transactionHash,
      logIndex: deposit.logIndex,
      actor: SYSTEM_ACTOR,
    });
    await tx
      .update(chainDeposits)
      .set({ status: 'credited', depositId: wire.id, creditedAt: sql`now()` })
      .where(eq(chainDeposits.id, deposit.id));
    credited += 1;
  }
  return { credited, more };
}

export async function raiseAlert(
  tx: Executor,
  chain: { chainId: string; chainCode: string },
  alert: {
    kind: (typeof chainAlerts.$inferInsert)['kind'];
    orgId: string | null;
    subjectId: string;
    message: string;
  },
): Promise<void> {
  const inserted = await tx
    .insert(chainAlerts)
    .values({ chainId: chain.chainId, ...alert })
    .onConflictDoNothing()
    .returning({ id: chainAlerts.id });
  if (inserted.length > 0)
    log('error', `custody alert: ${alert.kind}`, { chain: chain.chainCode, message: alert.message });
}

/** Marks an alert settled by operations (the metric of open alerts drops at the next pass), naming who and why. */
export async function resolveChainAlert(
  tx: Executor,
  kind: (typeof chainAlerts.$inferInsert)['kind'],
  subjectId: string,
  by?: { userId: string; resolution: ChainAlertResolution; note: string },
): Promise<void> {
  await tx
    .update(chainAlerts)
    .set({
      resolvedAt: sql`now()`,
      resolution: by?.resolution ?? null,
      resolutionNote: by?.note ?? null,
      resolvedByUserId: by?.userId ?? null,
    })
    .where(
      and(eq(chainAlerts.kind, kind), eq(chainAlerts.subjectId, subjectId), isNull(chainAlerts.resolvedAt)),
    );
}

/** The watcher's gauges, from the database, so they say the same whichever worker ran the pass. */
async function publishGauges(executor: Executor, chain: WatchedChain, head: bigint, lastScanned: bigint) {
  const gauges = metrics().chain;
  const labels = { chain: chain.chainCode };
  gauges.head.set(labels, Number(head));
  gauges.lastScanned.set(labels, Number(lastScanned));
  gauges.lag.set(labels, Number(maxBig(0n, head - lastScanned)));
  const [pending] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.chainId, chain.chainId), eq(chainDeposits.status, 'pending')));
  gauges.pendingDeposits.set(labels, pending?.n ?? 0);
  const open = await executor
    .select({ kind: chainAlerts.kind, n: sql<number>`count(*)::int` })
    .from(chainAlerts)
    .where(and(eq(chainAlerts.chainId, chain.chainId), sql`${chainAlerts.resolvedAt} is null`))
    .groupBy(chainAlerts.kind);
  for (const kind of ['credited_deposit_vanished', 'withdrawal_mismatch'] as const)
    gauges.openAlerts.set({ ...labels, kind }, open.find((row) => row.kind === kind)?.n ?? 0);
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
