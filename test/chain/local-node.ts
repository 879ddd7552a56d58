// Owns the local EVM node the chain tests and bench:chain run against: ganache started in-process and offline on a
// free port, the 6-decimal test token deployed on it, and the moves a test makes (transfers, mining, reorganisations).
import ganache, { type EthereumProvider, type Server } from 'ganache';
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  type Hex,
  keccak256,
  type PublicClient,
  parseUnits,
  toHex,
  toRlp,
  type WalletClient,
} from 'viem';
import { compileTestToken } from './compile-token';

/** The EIP-155 number the node answers: Ethereum's, so it maps to the `ethereum` chain row as a mainnet deployment would. */
export const LOCAL_CHAIN_ID = 1;

export interface LocalNode {
  url: string;
  provider: EthereumProvider;
  client: PublicClient;
  wallet: WalletClient;
  /** Unlocked accounts with ETH for gas: [0] deploys and mints, the rest send. */
  accounts: Address[];
  /** Deploys a token with `decimals` (6 for USDT on Ethereum, 18 as on BNB Chain). */
  deployToken(decimals?: number): Promise<TestToken>;
  mine(blocks?: number): Promise<void>;
  head(): Promise<bigint>;
  snapshot(): Promise<Hex>;
  revert(snapshot: Hex): Promise<void>;
  /** The signed bytes of a mined transaction, to send it again after a reorganisation took it out (same hash). */
  signedTransaction(hash: Hex): Promise<Hex>;
  /** Sends signed bytes (mined in their own block); answers the hash. */
  sendRawTransaction(raw: Hex): Promise<Hex>;
  close(): Promise<void>;
}

export interface TestToken {
  address: Address;
  decimals: number;
  /** Mints `amount` (a decimal string in token units) to `to`; mines one block. */
  mint(to: Address, amount: string): Promise<Hex>;
  /** Sends `amount` from an unlocked account; mines one block. Answers the transaction hash. */
  transfer(from: Address, to: Address, amount: string): Promise<Hex>;
  /** The raw `transfer` a failing call makes: `amount` beyond the sender's balance reverts (status 0) when mined. */
  transferUnchecked(from: Address, to: Address, amount: string): Promise<Hex>;
}

/** Starts a node on a free port; each transaction is mined in its own block before its hash is answered. */
export async function startLocalNode(): Promise<LocalNode> {
  const server: Server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID, hardfork: 'shanghai' },
    wallet: { deterministic: true, totalAccounts: 4 },
    // Gas estimated per transaction (ganache's default limit of 90,000 cannot deploy the token).
    miner: { instamine: 'eager', defaultTransactionGasLimit: 'estimate' },
  });
  await server.listen(0, '127.0.0.1');
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const provider = server.provider;
  const transport = custom(provider);
  const client = createPublicClient({ transport, cacheTime: 0 });
  const wallet = createWalletClient({ transport });
  const accounts = (await provider.request({ method: 'eth_accounts', params: [] })) as Address[];
  const { abi, bytecode } = compileTestToken();

  /** Eager instamine: the block exists when the hash comes back, so the receipt is there at once. */
  async function receipt(hash: Hex) {
    return client.getTransactionReceipt({ hash });
  }

  return {
    url,
    provider,
    client,
    wallet,
    accounts,
    async deployToken(decimals = 6) {
      const hash = await wallet.deployContract({
        abi,
        bytecode,
        args: [decimals],
        account: accounts[0]!,
        chain: null,
      });
      const deployed = getAddress((await receipt(hash)).contractAddress!);
      const write = (from: Address, functionName: 'mint' | 'transfer', args: [Address, bigint]) =>
        wallet.writeContract({ address: deployed, abi, functionName, args, account: from, chain: null });
      return {
        address: deployed,
        decimals,
        async mint(to, amount) {
          const hash = await write(accounts[0]!, 'mint', [to, parseUnits(amount, decimals)]);
          await receipt(hash);
          return hash;
        },
        async transfer(from, to, amount) {
          const hash = await write(from, 'transfer', [to, parseUnits(amount, decimals)]);
          const mined = await receipt(hash);
          if (mined.status !== 'success') throw new Error(`transfer ${hash} reverted`);
          return hash;
        },
        async transferUnchecked(from, to, amount) {
          // A fixed gas limit: estimating would refuse the call before it reaches a block.
          const hash = await wallet.writeContract({
            address: deployed,
            abi,
            functionName: 'transfer',
            args: [to, parseUnits(amount, decimals)],
            account: from,
            chain: null,
            gas: 100_000n,
          });
          await receipt(hash);
          return hash;
        },
      };
    },
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i += 1) await provider.request({ method: 'evm_mine', params: [] });
    },
    head: () => client.getBlockNumber(),
    async snapshot() {
      return (await provider.request({ method: 'evm_snapshot', params: [] })) as Hex;
    },
    async revert(snapshot) {
      await provider.request({ method: 'evm_revert', params: [snapshot] });
    },
    async signedTransaction(hash) {
      // RLP by hand rather than viem's serializer, which refuses ganache's fee fields (a tip above the fee cap).
      const tx = await client.getTransaction({ hash });
      if (tx.type !== 'eip1559') throw new Error(`transaction ${hash} is ${tx.type}, not eip1559`);
      const int = (value: bigint | number) => (BigInt(value) === 0n ? '0x' : toHex(value));
      const raw = concatHex([
        '0x02',
        toRlp([
          int(tx.chainId),
          int(tx.nonce),
          int(tx.maxPriorityFeePerGas),
          int(tx.maxFeePerGas),
          int(tx.gas),
          tx.to ?? '0x',
          int(tx.value),
          tx.input,
          (tx.accessList ?? []).map((item) => [item.address, item.storageKeys]),
          int(tx.yParity),
          int(BigInt(tx.r)),
          int(BigInt(tx.s)),
        ]),
      ]);
      if (keccak256(raw) !== hash) throw new Error(`could not rebuild the signed bytes of ${hash}`);
      return raw;
    },
    async sendRawTransaction(raw) {
      const hash = (await provider.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hex;
      await receipt(hash);
      return hash;
    },
    close: () => server.close(),
  };
}
