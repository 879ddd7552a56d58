// Owns EVM custody (CUSTODY_ADAPTER=evm): USDT as an ERC-20 on one EVM network per deployment. Addresses are derived
// from the provider's extended public key (no private key anywhere), deposits are read from the chain by the funding
// watcher through `chainWatch`, and withdrawals sent by operations from the provider's custody platform count as done
// only once the watcher proves them on chain. Nothing here writes to the chain.
import type { Address, BaseError, Log, PublicClient } from 'viem';
import { toChecksumAddress } from '@/lib/platform/chains/addresses';
import { deriveEvmAddress } from '@/lib/platform/chains/evm-addresses';
import { evmChainCode } from '@/lib/platform/chains/evm-chains';
import { env } from '@/lib/platform/env';
import { metrics } from '@/lib/platform/metrics/counters';
import type { ChainTransfer, CustodyChainWatch } from './chain-watch';
import type { CustodyAdapter } from './types';

/**
 * viem, loaded on first use: it takes a second or more to import, and every process loads this adapter's module
 * (the composition root lists every implementation) while only an `evm` deployment's watcher and probe call the node.
 */
let viem: Promise<typeof import('viem')> | undefined;
const loadViem = () => {
  viem ??= import('viem');
  return viem;
};

const TRANSFER_EVENT = 'event Transfer(address indexed from, address indexed to, uint256 value)';
type TransferEvent = ReturnType<typeof import('viem').parseAbiItem<typeof TRANSFER_EVENT>>;

/** A node whose latest block is older than this is probably not syncing: readiness says so. */
const STALE_HEAD_SECONDS = 600;

/** A failed RPC call, named by its method; never the URL (which may hold the provider's key). */
export class CustodyRpcError extends Error {
  constructor(
    readonly method: string,
    cause: unknown,
  ) {
    const short = (cause as Partial<BaseError>).shortMessage ?? (cause as Error).name ?? 'error';
    const status = (cause as { status?: number }).status;
    super(`custody RPC ${method} failed: ${short}${status ? ` (HTTP ${status})` : ''}`);
    this.name = 'CustodyRpcError';
  }
}

async function rpc<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    metrics().custodyRpcErrors.inc({ method });
    throw new CustodyRpcError(method, error);
  }
}

let client: { key: string; client: PublicClient; transfer: TransferEvent } | undefined;

/**
 * One client per URL and timeout; `cacheTime: 0` so every head read asks the node (viem would reuse a block number for
 * 4 s); no retries inside a call: a failed pass keeps nothing and the next one asks again.
 */
async function node(): Promise<{ client: PublicClient; transfer: TransferEvent }> {
  const url = env().CUSTODY_RPC_URL!;
  const timeout = env().CUSTODY_RPC_TIMEOUT_SECONDS * 1000;
  const key = `${timeout} ${url}`;
  if (client?.key !== key) {
    const { createPublicClient, http, parseAbiItem } = await loadViem();
    client = {
      key,
      client: createPublicClient({ transport: http(url, { timeout, retryCount: 0 }), cacheTime: 0 }),
      transfer: parseAbiItem(TRANSFER_EVENT),
    };
  }
  return client;
}

async function publicClient(): Promise<PublicClient> {
  return (await node()).client;
}

function toTransfer(log: Log<bigint, number, false, TransferEvent>): ChainTransfer {
  return {
    transactionHash: log.transactionHash,
    logIndex: log.logIndex,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    from: toChecksumAddress(log.args.from!),
    to: toChecksumAddress(log.args.to!),
    rawAmount: log.args.value!,
  };
}

/** Addresses per log query: RPC services cap a filter's topic list, and a long one is slow everywhere. */
const ADDRESSES_PER_QUERY = 500;

function configuredWatch(): CustodyChainWatch {
  const config = env();
  const tokenAddress = toChecksumAddress(config.CUSTODY_TOKEN_ADDRESS!) as Address;
  return {
    chainCode: evmChainCode(config.CUSTODY_EVM_CHAIN_ID!)!,
    evmChainId: config.CUSTODY_EVM_CHAIN_ID!,
    tokenAddress,
    tokenDecimals: config.CUSTODY_TOKEN_DECIMALS,
    confirmations: config.CUSTODY_CONFIRMATIONS,
    startBlock: BigInt(config.CUSTODY_START_BLOCK!),
    scanBlocks: config.CUSTODY_SCAN_BLOCKS,
    head: () => rpc('eth_blockNumber', async () => (await publicClient()).getBlockNumber({ cacheTime: 0 })),
    async blockHash(number) {
      const block = await rpc('eth_getBlockByNumber', async () =>
        (await publicClient()).getBlock({ blockNumber: number }).catch((error: Error) => {
          // A block the node does not have yet is an answer (null), not a failure.
          if (error.name === 'BlockNotFoundError') return null;
          throw error;
        }),
      );
      return block?.hash ?? null;
    },
    async transfersTo({ fromBlock, toBlock }, addresses) {
      const found: ChainTransfer[] = [];
      for (let i = 0; i < addresses.length; i += ADDRESSES_PER_QUERY) {
        const to = addresses.slice(i, i + ADDRESSES_PER_QUERY) as Address[];
        const logs = await rpc('eth_getLogs', async () => {
          const { client, transfer } = await node();
          return client.getLogs({
            address: tokenAddress,
            event: transfer,
            args: { to },
            fromBlock,
            toBlock,
            strict: false,
          });
        });
        // A removed log is one the node already knows was reorganised away.
        found.push(...logs.filter((log) => !log.removed).map(toTransfer));
      }
      return found.sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
    },
    async transaction(hash) {
      const receipt = await rpc('eth_getTransactionReceipt', async () =>
        (await publicClient())
          .getTransactionReceipt({ hash: hash as `0x${string}` })
          .catch((error: Error) => {
            if (error.name === 'TransactionReceiptNotFoundError') return null;
            throw error;
          }),
      );
      if (!receipt) return null;
      const transfers = receipt.logs
        .filter(
          (log) =>
            toChecksumAddress(log.address) === tokenAddress &&
            log.topics[0] === '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' &&
            log.topics.length === 3,
        )
        .map((log) => ({
          transactionHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          from: toChecksumAddress(`0x${log.topics[1]!.slice(-40)}`),
          to: toChecksumAddress(`0x${log.topics[2]!.slice(-40)}`),
          rawAmount: BigInt(log.data),
        }));
      return {
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        transfers,
      };
    },
  };
}

let watch: { key: string; watch: CustodyChainWatch } | undefined;

function chainWatch(): CustodyChainWatch {
  const config = env();
  const key = [
    config.CUSTODY_RPC_URL,
    config.CUSTODY_EVM_CHAIN_ID,
    config.CUSTODY_TOKEN_ADDRESS,
    config.CUSTODY_TOKEN_DECIMALS,
    config.CUSTODY_CONFIRMATIONS,
    config.CUSTODY_START_BLOCK,
    config.CUSTODY_SCAN_BLOCKS,
  ].join('|');
  if (watch?.key !== key) watch = { key, watch: configuredWatch() };
  return watch.watch;
}

const byTheChain = (what: string) =>
  new Error(`CUSTODY_ADAPTER=evm: ${what} comes from the chain, not from this application`);

export const evmCustody: CustodyAdapter = {
  name: 'evm',
  depositAddresses: 'derived',
  depositSource: 'watched_chain',
  funding: 'immediate',
  withdrawalExecution: 'recorded_by_operations',
  withdrawalProof: 'on_chain',
  get chainWatch() {
    return chainWatch();
  },
  deriveDepositAddress(index) {
    return deriveEvmAddress(env().CUSTODY_XPUB!, index);
  },
  async allocateDepositAddress() {
    throw new Error('CUSTODY_ADAPTER=evm: addresses are derived by the funding area from CUSTODY_XPUB');
  },
  async simulateIncomingTransfer() {
    throw byTheChain('a deposit');
  },
  async sweepLanded() {
    return true;
  },
  nextWithdrawalStep() {
    return null;
  },
  withdrawalStepsAutomatically() {
    return false;
  },
  /** The node answers, is the configured network, and its latest block is recent (a stuck node stops deposits). */
  async probe() {
    const client = await publicClient();
    const chainId = await rpc('eth_chainId', () => client.getChainId());
    const expected = env().CUSTODY_EVM_CHAIN_ID!;
    if (chainId !== expected)
      return {
        state: 'degraded',
        reason: `the node serves chain ${chainId}, not CUSTODY_EVM_CHAIN_ID=${expected}: the watcher reads nothing`,
      };
    const block = await rpc('eth_getBlockByNumber', () => client.getBlock({ blockTag: 'latest' }));
    const age = Math.floor(Date.now() / 1000) - Number(block.timestamp);
    if (age > STALE_HEAD_SECONDS)
      return {
        state: 'degraded',
        reason: `the node's latest block (${block.number}) is ${age} s old: it may not be syncing`,
      };
    return { state: 'ok' };
  },
};
