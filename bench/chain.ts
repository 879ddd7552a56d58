// Owns `npm run bench:chain`: the EVM deposit watcher (CUSTODY_ADAPTER=evm) against the local node (ganache,
// in-process) and a real PostgreSQL (DATABASE_URL, else an embedded cluster in .data/bench). A backlog of 1,000
// deposits across 100 organizations is read and credited from a cold checkpoint (deposits per second), 20,000 blocks
// without a deposit are scanned (blocks per second), then single deposits measure the credit lag: from the block that gives a deposit its last confirmation to the
// commit that credits it, one watcher pass (the poll interval, CUSTODY_POLL_SECONDS, comes on top).
import '@/lib/app/register';
import { closeDb, db } from '@/db/client';
import * as schema from '@/db/schema';
import { listFundingAddresses, watchChainOnce } from '@/lib/funding/server';
import { createOrganization } from '@/lib/identity/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { resetEnvCache } from '@/lib/platform/env';
import { configureEvmCustody } from '../test/chain/evm-custody';
import { startLocalNode } from '../test/chain/local-node';
import { benchDatabase } from './bench-database';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 100);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 1_000);
const LAG_SAMPLES = Number(process.env.BENCH_LAG_SAMPLES ?? 20);
const EMPTY_BLOCKS = Number(process.env.BENCH_EMPTY_BLOCKS ?? 20_000);
const CONFIRMATIONS = 12;
const say = (message: string) => process.stdout.write(`[bench:chain] ${message}\n`);

async function main() {
  const { embedded } = await benchDatabase({
    name: 'payout_bench_chain',
    fresh: true,
    log: say,
    settings: { WORKER_IN_PROCESS: 'false' },
  });
  const node = await startLocalNode();
  try {
    await ensureSandboxChains(db());
    const token = await node.deployToken(6);
    const sender = node.accounts[1]!;
    await token.mint(sender, '100000000');
    configureEvmCustody({
      rpcUrl: node.url,
      token,
      confirmations: CONFIRMATIONS,
      startBlock: await node.head(),
    });
    process.env.CUSTODY_RPC_TIMEOUT_SECONDS = '10';
    resetEnvCache();

    say(`${ORGANIZATIONS} organizations and their derived addresses…`);
    const addresses: `0x${string}`[] = [];
    for (let i = 0; i < ORGANIZATIONS; i += 1) {
      const org = await createOrganization(db(), { name: `Bench chain ${i}` });
      addresses.push((await listFundingAddresses(db(), org.id))[0]!.address as `0x${string}`);
    }
    say(`${DEPOSITS} transfers (one block each)…`);
    const firstBlock = (await node.head()) + 1n;
    for (let i = 0; i < DEPOSITS; i += 1) {
      await token.transfer(
        sender,
        addresses[i % addresses.length]!,
        `${1 + (i % 500)}.${String(i % 1_000_000).padStart(6, '0')}`,
      );
    }
    await node.mine(CONFIRMATIONS);
    const head = await node.head();
    const blocks = Number(head - firstBlock + 1n);

    let started = performance.now();
    let passes = 0;
    let credited = 0;
    for (;;) {
      const pass = await watchChainOnce(db());
      passes += 1;
      if (pass.outcome !== 'scanned') throw new Error(`unexpected pass ${pass.outcome}`);
      credited += pass.credited;
      if (pass.caughtUp) break;
    }
    const backlogSeconds = (performance.now() - started) / 1000;
    const [count] = await db()
      .select({ n: schema.chainDeposits.id })
      .from(schema.chainDeposits)
      .limit(DEPOSITS + 1);
    if (!count || credited !== DEPOSITS) throw new Error(`credited ${credited} of ${DEPOSITS}`);

    say(`${EMPTY_BLOCKS} blocks without a deposit…`);
    await node.provider.request({ method: 'evm_mine', params: [{ blocks: EMPTY_BLOCKS }] });
    started = performance.now();
    for (;;) {
      const pass = await watchChainOnce(db());
      if (pass.outcome !== 'scanned') throw new Error(`unexpected pass ${pass.outcome}`);
      if (pass.caughtUp) break;
    }
    const emptySeconds = (performance.now() - started) / 1000;

    say(`credit lag over ${LAG_SAMPLES} single deposits…`);
    const lags: number[] = [];
    for (let i = 0; i < LAG_SAMPLES; i += 1) {
      await token.transfer(sender, addresses[i % addresses.length]!, '10');
      await watchChainOnce(db());
      await node.mine(CONFIRMATIONS - 1);
      started = performance.now();
      const pass = await watchChainOnce(db());
      if (pass.outcome !== 'scanned' || pass.credited !== 1) throw new Error('the deposit was not credited');
      lags.push(performance.now() - started);
    }
    const sorted = [...lags].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
    say(
      `\n| Measure | Value |\n|---|---|\n` +
        `| Backlog: ${DEPOSITS.toLocaleString('en')} deposits to ${ORGANIZATIONS} organizations in ${blocks.toLocaleString('en')} blocks, read and credited from a cold checkpoint | ${backlogSeconds.toFixed(1)} s (${passes} passes) |\n` +
        `| Deposits (transfer logs) read, checked against their receipts and credited per second (backlog) | ${(DEPOSITS / backlogSeconds).toFixed(1)} |\n` +
        `| Blocks scanned per second without deposits (${EMPTY_BLOCKS.toLocaleString('en')} blocks, ${(EMPTY_BLOCKS / 1000).toFixed(0)} log queries of 1,000 blocks) | ${(EMPTY_BLOCKS / emptySeconds).toFixed(0)} |\n` +
        `| Credit lag after the last confirmation, one pass (median / p95 of ${LAG_SAMPLES}) | ${median.toFixed(0)} ms / ${p95.toFixed(0)} ms |`,
    );
  } finally {
    await node.close();
    await closeDb();
    await embedded?.stop();
  }
}

await main();
