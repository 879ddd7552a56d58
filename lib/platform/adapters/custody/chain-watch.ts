// Owns what a chain watcher reads from an EVM network through custody: the head, block hashes, the token's transfers
// to given addresses in a block range, and one transaction's outcome. Numbers that count blocks or token units are
// bigint; nothing here is a JS number that could round.
export interface ChainTransfer {
  transactionHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** Checksummed. */
  from: string;
  /** Checksummed. */
  to: string;
  /** In the token's smallest unit. */
  rawAmount: bigint;
}

export interface ChainTransaction {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: string;
  /** The configured token's Transfer logs in the transaction (none for another token's or a failed one). */
  transfers: ChainTransfer[];
}

export interface CustodyChainWatch {
  /** Our chain code the EIP-155 id maps to (`ethereum`). */
  readonly chainCode: string;
  readonly evmChainId: number;
  /** Checksummed. */
  readonly tokenAddress: string;
  readonly tokenDecimals: number;
  /** Blocks, the transfer's own included, before a deposit is credited or a withdrawal confirmed. */
  readonly confirmations: number;
  readonly startBlock: bigint;
  /** Blocks one log query covers at most. */
  readonly scanBlocks: number;
  /** The node's latest block number (never cached). */
  head(): Promise<bigint>;
  /** The hash of the canonical block at `number`, or null when the node has none there (yet). */
  blockHash(number: bigint): Promise<string | null>;
  /** The token's Transfer logs to any of `addresses` in [fromBlock, toBlock], oldest first. */
  transfersTo(
    range: { fromBlock: bigint; toBlock: bigint },
    addresses: readonly string[],
  ): Promise<ChainTransfer[]>;
  /** A mined transaction's outcome, or null when the node knows no receipt for it (unmined, dropped, reorganised). */
  transaction(hash: string): Promise<ChainTransaction | null>;
}
