// The harness itself: the node starts offline, the token compiled from its source deploys with 6 decimals, transfers
// are found by eth_getLogs, and a snapshot/revert followed by mining replaces the blocks that held a transfer.
import { parseAbiItem } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalNode, startLocalNode } from './local-node';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
let node: LocalNode;

beforeAll(async () => {
  node = await startLocalNode();
});
afterAll(() => node.close());

describe('the local EVM node', () => {
  it('deploys the 6-decimal token and finds its transfers in the logs', async () => {
    const token = await node.deployToken();
    const [, sender, recipient] = node.accounts;
    await token.mint(sender!, '100');
    const hash = await token.transfer(sender!, recipient!, '12.345678');
    const logs = await node.client.getLogs({
      address: token.address,
      event: TRANSFER,
      args: { to: recipient! },
      fromBlock: 0n,
      toBlock: await node.head(),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.transactionHash).toBe(hash);
    expect(logs[0]!.args.value).toBe(12_345_678n);
  });

  it('reorganises: after a revert and new blocks, the transfer is gone and its block has another hash', async () => {
    const token = await node.deployToken();
    const [, sender, recipient] = node.accounts;
    await token.mint(sender!, '5');
    const snapshot = await node.snapshot();
    const hash = await token.transfer(sender!, recipient!, '5');
    const block = (await node.client.getTransactionReceipt({ hash })).blockNumber;
    const before = (await node.client.getBlock({ blockNumber: block })).hash;
    await node.revert(snapshot);
    await node.mine(2);
    expect((await node.client.getBlock({ blockNumber: block })).hash).not.toBe(before);
    await expect(node.client.getTransactionReceipt({ hash })).rejects.toThrow();
  });
});
