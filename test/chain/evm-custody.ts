// Owns running the app with CUSTODY_ADAPTER=evm against the local node: the settings (a test extended public key,
// the deployed token, a small confirmation count), and an RPC proxy that fails requests on demand, standing in for a
// provider's node that errors or times out.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetEnvCache } from '@/lib/platform/env';
import type { LocalNode, TestToken } from './local-node';

/**
 * The account-level extended public key (m/44'/60'/0') of the well-known test mnemonic "test test … junk": its
 * 0/<i> children are the node-independent addresses every EVM tool lists for it, so derivation is checked against them.
 */
export const TEST_XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';
/** Children 0/0 and 0/1 of TEST_XPUB. */
export const TEST_XPUB_ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as const;

export interface EvmCustodySettings {
  rpcUrl: string;
  token: TestToken;
  confirmations: number;
  startBlock: bigint;
  scanBlocks?: number;
}

/** Sets the process's environment to EVM custody on the local node (the file's environment is restored after it). */
export function configureEvmCustody(settings: EvmCustodySettings): void {
  Object.assign(process.env, {
    CUSTODY_ADAPTER: 'evm',
    CUSTODY_RPC_URL: settings.rpcUrl,
    CUSTODY_EVM_CHAIN_ID: '1',
    CUSTODY_TOKEN_ADDRESS: settings.token.address,
    CUSTODY_TOKEN_DECIMALS: String(settings.token.decimals),
    CUSTODY_XPUB: TEST_XPUB,
    CUSTODY_CONFIRMATIONS: String(settings.confirmations),
    CUSTODY_START_BLOCK: String(settings.startBlock),
    CUSTODY_SCAN_BLOCKS: String(settings.scanBlocks ?? 1000),
    // A hung node fails a pass in a second rather than ten.
    CUSTODY_RPC_TIMEOUT_SECONDS: '1',
  });
  resetEnvCache();
}

export interface FlakyRpc {
  url: string;
  /** Requests seen, by JSON-RPC method. */
  calls: Map<string, number>;
  /** The next `count` calls of `method` answer HTTP 503 (a provider's outage), or never answer when `hang`. */
  failNext(method: string, count?: number, options?: { hang?: boolean }): void;
  close(): Promise<void>;
}

/** An HTTP proxy in front of the node's JSON-RPC endpoint. */
export async function startFlakyRpc(node: LocalNode): Promise<FlakyRpc> {
  const failing = new Map<string, { left: number; hang: boolean }>();
  const calls = new Map<string, number>();
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const method = (JSON.parse(body) as { method?: string }).method ?? 'batch';
      calls.set(method, (calls.get(method) ?? 0) + 1);
      const failure = failing.get(method);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        if (failure.hang) {
          hanging.add(() => response.destroy());
          return;
        }
        response.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
        return;
      }
      const upstream = await fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      response
        .writeHead(upstream.status, { 'content-type': 'application/json' })
        .end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext(method, count = 1, options = {}) {
      failing.set(method, { left: count, hang: options.hang ?? false });
    },
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
