// EVM custody's deposits against a real local node (CUSTODY_ADAPTER=evm): each organization's address derived from the
// provider's extended public key, a transfer pending with its confirmations and credited once at exactly N, whatever
// the watcher goes through — restarts, two workers at once, a reorganisation, an RPC that fails or hangs mid-pass —
// and transfers of another token or to an unknown address ignored. A credited deposit that vanishes is an alert.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import {
  chainAlerts,
  chainDeposits,
  chainWatchCheckpoints,
  deposits,
  fundingAddresses,
} from '@/db/schema/funding';
import { watchChainOnce } from '@/lib/funding/server';
import { deriveMissingFundingAddresses } from '@/lib/funding/server/addresses';
import { custody } from '@/lib/platform/adapters/custody';
import { resetEnvCache } from '@/lib/platform/env';
import { probeAdapter } from '@/lib/platform/health/adapter-probes';
import { metrics } from '@/lib/platform/metrics/counters';
import { apiClient } from '../api';
import { sessionCall, signIn, startView } from '../browser-session';
import { configureEvmCustody, type FlakyRpc, startFlakyRpc, TEST_XPUB_ADDRESSES } from '../chain/evm-custody';
import { type LocalNode, startLocalNode, type TestToken } from '../chain/local-node';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { balanceOf, ledgerInvariants } from '../payouts-fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

const CONFIRMATIONS = 3;
let node: LocalNode;
let token: TestToken;
let rpc: FlakyRpc;
let sender: `0x${string}`;

interface ChainDeposit {
  id: string;
  status: string;
  amount: string;
  raw_amount: string;
  address: string;
  chain: string;
  transaction_hash: string;
  confirmations: number;
  required_confirmations: number;
  deposit_id: string | null;
}

beforeAll(async () => {
  node = await startLocalNode();
  token = await node.deployToken(6);
  rpc = await startFlakyRpc(node);
  sender = node.accounts[1]!;
  await token.mint(sender, '1000000');
  configureEvmCustody({
    rpcUrl: rpc.url,
    token,
    confirmations: CONFIRMATIONS,
    startBlock: await node.head(),
  });
});
afterAll(async () => {
  await rpc?.close();
  await node?.close();
});

/** A new organization and its derived funding address, as the API shows it. */
async function depositor() {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  const { data } = await client.request<{ items: { chain: string; chain_name: string; address: string }[] }>(
    'GET',
    '/api/v2/funding/addresses',
  );
  expect(data.items).toHaveLength(1);
  return { ...org, client, address: data.items[0]!.address as `0x${string}`, listing: data.items[0]! };
}

async function chainDepositsOf(client: ReturnType<typeof apiClient>) {
  return (await client.request<{ items: ChainDeposit[] }>('GET', '/api/v2/funding/deposits')).data.items;
}

/** Passes until the watcher has read up to the head (a pass reads at most CUSTODY_SCAN_BLOCKS). */
async function watch() {
  for (;;) {
    const pass = await watchChainOnce(db());
    if (pass.outcome !== 'scanned' || pass.caughtUp) return pass;
  }
}

async function available(orgId: string) {
  return (await balanceOf(orgId)).available;
}

async function checkpoint() {
  const [row] = await db()
    .select()
    .from(chainWatchCheckpoints)
    .where(eq(chainWatchCheckpoints.tokenAddress, token.address));
  return row?.lastScannedBlock;
}

describe('deposit addresses', () => {
  it('are children 0/<index> of the extended public key, one per organization, naming the network', async () => {
    const first = await depositor();
    const second = await depositor();
    expect([first.address, second.address]).toEqual([...TEST_XPUB_ADDRESSES]);
    expect(first.listing).toMatchObject({ chain: 'ethereum', chain_name: 'Ethereum' });
    // Asked again: the same address, no new index.
    const again = await first.client.request<{ items: { address: string }[] }>(
      'GET',
      '/api/v2/funding/addresses',
    );
    expect(again.data.items[0]!.address).toBe(first.address);
    const chains = await first.client.request<{ items: { code: string; usdt_contract: string }[] }>(
      'GET',
      '/api/v2/liquidity/management/chains',
    );
    expect(chains.data.items.find((chain) => chain.code === 'ethereum')?.usdt_contract).toBe(token.address);
  });
});

describe('an address is never derived on read', () => {
  async function addressRows(orgId?: string) {
    return db()
      .select({ orgId: fundingAddresses.orgId, index: fundingAddresses.derivationIndex })
      .from(fundingAddresses)
      .where(orgId ? eq(fundingAddresses.orgId, orgId) : undefined);
  }

  /** Organizations opened while custody was manual (EVM switched on later): they have no address yet. */
  async function openedBeforeEvm(count: number) {
    const settings = {
      rpcUrl: process.env.CUSTODY_RPC_URL!,
      token,
      confirmations: CONFIRMATIONS,
      startBlock: BigInt(process.env.CUSTODY_START_BLOCK!),
    };
    process.env.CUSTODY_ADAPTER = 'manual';
    resetEnvCache();
    try {
      const opened = [];
      for (let i = 0; i < count; i += 1) opened.push(await createTestOrganization());
      return opened;
    } finally {
      configureEvmCustody(settings);
    }
  }

  it('an organization opened under EVM custody has its address at once, before anything reads it', async () => {
    const org = await createTestOrganization();
    const rows = await addressRows(org.orgId);
    expect(rows).toHaveLength(1);
    const { data } = await apiClient(org.credentials).request<{
      items: { address: string }[];
      preparing: unknown[];
    }>('GET', '/api/v2/funding/addresses');
    expect(data.preparing).toEqual([]);
    expect(data.items).toHaveLength(1);
    expect(await addressRows(org.orgId)).toEqual(rows);
  });

  it("one opened before shows the chain as being prepared, and a support view's read writes nothing", async () => {
    const [org] = await openedBeforeEvm(1);
    const staff = await signIn({ staffRole: 'support' });
    await startView(staff, org!.orgId);
    const before = await addressRows();
    const read = await sessionCall<{ items: unknown[]; preparing: { chain: string; chain_name: string }[] }>(
      staff,
      'GET',
      '/api/v2/funding/addresses',
    );
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([]);
    expect(read.body.preparing).toMatchObject([
      { chain: 'ethereum', chain_name: 'Ethereum', currency: 'USDT' },
    ]);
    // The organization's own key reads the same, and still nothing is written.
    const own = await apiClient(org!.credentials).request<{ items: unknown[] }>(
      'GET',
      '/api/v2/funding/addresses',
    );
    expect(own.data.items).toEqual([]);
    expect(await addressRows()).toEqual(before);
  });

  it('the backfill gives each organization opened before one address, once, even run twice at the same time', async () => {
    const opened = await openedBeforeEvm(3);
    const made = await Promise.all([
      deriveMissingFundingAddresses(db()),
      deriveMissingFundingAddresses(db()),
    ]);
    // The one from the test before is among them too.
    expect(made[0]! + made[1]!).toBe(4);
    const rows = await addressRows();
    for (const { orgId } of opened) expect(rows.filter((row) => row.orgId === orgId)).toHaveLength(1);
    expect(new Set(rows.map((row) => row.index)).size).toBe(rows.length);
    expect(await deriveMissingFundingAddresses(db())).toBe(0);
    expect(await addressRows()).toHaveLength(rows.length);
    const { data } = await apiClient(opened[0]!.credentials).request<{
      items: { chain: string; address: string }[];
      preparing: unknown[];
    }>('GET', '/api/v2/funding/addresses');
    expect(data).toMatchObject({ items: [{ chain: 'ethereum' }], preparing: [] });
  });
});

describe('a deposit', () => {
  it('is pending with n of N confirmations, credited at exactly N, and only once', async () => {
    const org = await depositor();
    const hash = await token.transfer(sender, org.address, '250.5');
    await watch();
    let [seen] = await chainDepositsOf(org.client);
    expect(seen).toMatchObject({
      status: 'pending',
      amount: '250.50',
      raw_amount: '250500000',
      transaction_hash: hash,
      address: org.address,
      confirmations: 1,
      required_confirmations: CONFIRMATIONS,
      deposit_id: null,
    });
    const detected = await publicEvents(org.client, { types: ['funding.deposit_detected'] });
    expect(detected.map((event) => event.data.object.id)).toEqual([seen!.id]);

    await node.mine(CONFIRMATIONS - 2);
    await watch();
    [seen] = await chainDepositsOf(org.client);
    expect(seen).toMatchObject({ status: 'pending', confirmations: CONFIRMATIONS - 1 });
    expect(await available(org.orgId)).toBe('0.00');

    await node.mine(1);
    await watch();
    [seen] = await chainDepositsOf(org.client);
    expect(seen).toMatchObject({ status: 'credited', confirmations: CONFIRMATIONS });
    expect(await available(org.orgId)).toBe('250.50');
    const credited = await publicEvents(org.client, { types: ['funding.deposit_credited'] });
    expect(credited).toHaveLength(1);
    expect(credited[0]!.data.object).toMatchObject({
      id: seen!.deposit_id,
      transaction_hash: hash,
      amount: '250.50',
    });

    await node.mine(3);
    await watch();
    await watch();
    expect(await available(org.orgId)).toBe('250.50');
    expect(await publicEvents(org.client, { types: ['funding.deposit_credited'] })).toHaveLength(1);
    const invariants = await ledgerInvariants();
    expect(invariants.unbalanced).toBe(0);
  });

  it('two transfers in one block range and two to one address are separate deposits', async () => {
    const org = await depositor();
    await token.transfer(sender, org.address, '1');
    await token.transfer(sender, org.address, '2');
    await node.mine(CONFIRMATIONS);
    await watch();
    const seen = await chainDepositsOf(org.client);
    expect(seen.map((deposit) => [deposit.amount, deposit.status])).toEqual([
      ['2.00', 'credited'],
      ['1.00', 'credited'],
    ]);
    expect(await available(org.orgId)).toBe('3.00');
  });

  it('is credited once across a watcher restart between detection and confirmation', async () => {
    const org = await depositor();
    await token.transfer(sender, org.address, '40');
    await watch();
    // A new process: nothing in memory, a fresh RPC client (another URL to the same node), only the database.
    configureEvmCustody({ rpcUrl: node.url, token, confirmations: CONFIRMATIONS, startBlock: 0n });
    await node.mine(CONFIRMATIONS);
    await watch();
    configureEvmCustody({ rpcUrl: rpc.url, token, confirmations: CONFIRMATIONS, startBlock: 0n });
    await watch();
    expect(await available(org.orgId)).toBe('40.00');
    expect((await chainDepositsOf(org.client)).map((deposit) => deposit.status)).toEqual(['credited']);
  });

  it('is credited once when two workers scan at the same time', async () => {
    const org = await depositor();
    for (const amount of ['5', '6', '7']) await token.transfer(sender, org.address, amount);
    const outcomes: string[] = [];
    for (let round = 0; round < CONFIRMATIONS + 1; round += 1) {
      const passes = await Promise.all([watchChainOnce(db()), watchChainOnce(db())]);
      outcomes.push(...passes.map((pass) => pass.outcome));
      await node.mine(1);
    }
    await watch();
    expect(outcomes).toContain('busy');
    expect(await available(org.orgId)).toBe('18.00');
    const rows = await db().select().from(deposits).where(eq(deposits.orgId, org.orgId));
    expect(rows).toHaveLength(3);
  });
});

describe('what is not a deposit', () => {
  it('a transfer of another token to a funding address, and of the token to an unknown address', async () => {
    const org = await depositor();
    const other = await node.deployToken(6);
    await other.mint(sender, '100');
    await other.transfer(sender, org.address, '100');
    await token.transfer(sender, node.accounts[2]!, '100');
    await node.mine(CONFIRMATIONS);
    await watch();
    expect(await chainDepositsOf(org.client)).toEqual([]);
    expect(await available(org.orgId)).toBe('0.00');
    const stored = await db().select().from(chainDeposits).where(eq(chainDeposits.orgId, org.orgId));
    expect(stored).toEqual([]);
  });
});

describe('reorganisations', () => {
  it('a deposit whose block is replaced before N confirmations is dropped and never credited', async () => {
    const org = await depositor();
    await watch();
    const snapshot = await node.snapshot();
    await token.transfer(sender, org.address, '75');
    await watch();
    expect((await chainDepositsOf(org.client))[0]).toMatchObject({ status: 'pending', confirmations: 1 });
    await node.revert(snapshot);
    // The other branch: longer, without the transfer.
    await node.mine(3);
    await watch();
    expect((await chainDepositsOf(org.client)).map((deposit) => deposit.status)).toEqual(['reorged']);
    await node.mine(CONFIRMATIONS + 1);
    await watch();
    expect((await chainDepositsOf(org.client)).map((deposit) => deposit.status)).toEqual(['reorged']);
    expect(await available(org.orgId)).toBe('0.00');
  });

  it('a credited deposit that vanishes in a deeper one is an alert and a metric, and its credit stays', async () => {
    const org = await depositor();
    await watch();
    const snapshot = await node.snapshot();
    await token.transfer(sender, org.address, '90');
    await node.mine(CONFIRMATIONS);
    await watch();
    expect(await available(org.orgId)).toBe('90.00');
    await node.revert(snapshot);
    await node.mine(CONFIRMATIONS + 3);
    await watch();
    const [seen] = await chainDepositsOf(org.client);
    expect(seen).toMatchObject({ status: 'credited' });
    expect(await available(org.orgId)).toBe('90.00');
    const alerts = await db()
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.orgId, org.orgId), eq(chainAlerts.kind, 'credited_deposit_vanished')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subjectId).toBe(seen!.id);
    const gauge = await metrics().chain.openAlerts.get();
    expect(
      gauge.values.find((value) => value.labels.kind === 'credited_deposit_vanished')?.value,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('an RPC that fails mid-pass', () => {
  it('keeps nothing of the failed pass and loses nothing: the next pass credits once', async () => {
    const org = await depositor();
    await watch();
    await token.transfer(sender, org.address, '12.345678');
    await node.mine(CONFIRMATIONS);
    const before = await checkpoint();
    const errors = (await metrics().custodyRpcErrors.get()).values.reduce(
      (sum, value) => sum + value.value,
      0,
    );

    // The logs fail after the head and the block hashes were read.
    rpc.failNext('eth_getLogs');
    await expect(watchChainOnce(db())).rejects.toThrow(/eth_getLogs/);
    expect(await checkpoint()).toBe(before);
    expect(await chainDepositsOf(org.client)).toEqual([]);

    // The receipt check before the credit fails: the deposits read in that pass are not kept either.
    rpc.failNext('eth_getTransactionReceipt');
    await expect(watchChainOnce(db())).rejects.toThrow(/eth_getTransactionReceipt/);
    expect(await checkpoint()).toBe(before);
    expect(await available(org.orgId)).toBe('0.00');

    await watch();
    expect(await available(org.orgId)).toBe('12.345678');
    expect((await chainDepositsOf(org.client)).map((deposit) => deposit.status)).toEqual(['credited']);
    const after = (await metrics().custodyRpcErrors.get()).values.reduce(
      (sum, value) => sum + value.value,
      0,
    );
    expect(after - errors).toBe(2);
  });

  it('a node that never answers times the pass out without keeping anything', async () => {
    const org = await depositor();
    await watch();
    await token.transfer(sender, org.address, '3');
    await node.mine(CONFIRMATIONS);
    const before = await checkpoint();
    rpc.failNext('eth_getLogs', 1, { hang: true });
    await expect(watchChainOnce(db())).rejects.toThrow(/eth_getLogs/);
    expect(await checkpoint()).toBe(before);
    await watch();
    expect(await available(org.orgId)).toBe('3.00');
  });
});

describe('a token with 18 decimals (USDT on BNB Chain)', () => {
  it('is credited rounded down to 6 decimals, the raw amount kept', async () => {
    const org = await depositor();
    const token18 = await node.deployToken(18);
    await token18.mint(sender, '1000');
    configureEvmCustody({
      rpcUrl: rpc.url,
      token: token18,
      confirmations: CONFIRMATIONS,
      startBlock: await node.head(),
    });
    try {
      await token18.transfer(sender, org.address, '1.234567891234567891');
      await node.mine(CONFIRMATIONS);
      await watch();
      const [seen] = await chainDepositsOf(org.client);
      expect(seen).toMatchObject({
        status: 'credited',
        amount: '1.234567',
        raw_amount: '1234567891234567891',
      });
      expect(await available(org.orgId)).toBe('1.234567');
    } finally {
      configureEvmCustody({ rpcUrl: rpc.url, token, confirmations: CONFIRMATIONS, startBlock: 0n });
    }
  });
});

describe('readiness', () => {
  it('is ok against the node, and degraded without the RPC URL in the reason when the node fails', async () => {
    expect(await probeAdapter(custody(), 5_000)).toEqual({ state: 'ok' });
    rpc.failNext('eth_chainId');
    const degraded = await probeAdapter(custody(), 5_000);
    expect(degraded).toMatchObject({ state: 'degraded' });
    expect(JSON.stringify(degraded)).toMatch(/eth_chainId/);
    expect(JSON.stringify(degraded)).not.toContain(rpc.url.replace('http://', ''));
  });
});
