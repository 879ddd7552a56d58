// Owns the chains the sandbox knows (TRON and Ethereum USDT) and creating them idempotently.
import type { Executor } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';

export const SANDBOX_CHAINS = [
  {
    code: 'tron',
    name: 'TRON',
    nativeToken: 'TRX',
    tokenStandard: 'TRC-20',
    usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    addressFormat: 'tron',
    minWithdrawalAmount: '1',
  },
  {
    code: 'ethereum',
    name: 'Ethereum',
    nativeToken: 'ETH',
    tokenStandard: 'ERC-20',
    usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    addressFormat: 'evm',
    minWithdrawalAmount: '1',
  },
] as const satisfies ReadonlyArray<typeof chains.$inferInsert>;

/** Creates the sandbox chains that are missing; leaves existing rows (and a staff member's status change) alone. */
export async function ensureSandboxChains(executor: Executor): Promise<void> {
  await executor
    .insert(chains)
    .values(SANDBOX_CHAINS.map((chain) => ({ ...chain })))
    .onConflictDoNothing({ target: chains.code });
}
