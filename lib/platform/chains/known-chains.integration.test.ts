// A new deployment knows the USDT chains from its migrations: production has no seed and no sandbox bootstrap, and
// without them operations could enter no deposit address and clients add no withdrawal wallet (issue #40 §2).
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { useTestDatabase } from '@/test/db';
import { ensureSandboxChains, SANDBOX_CHAINS } from './sandbox-chains';

await useTestDatabase();

const rows = () =>
  db()
    .select({
      code: chains.code,
      name: chains.name,
      nativeToken: chains.nativeToken,
      tokenStandard: chains.tokenStandard,
      usdtContract: chains.usdtContract,
      addressFormat: chains.addressFormat,
      minWithdrawalAmount: chains.minWithdrawalAmount,
      status: chains.status,
    })
    .from(chains)
    .orderBy(asc(chains.code));

it('a freshly migrated database has TRON and Ethereum USDT, active, as the sandbox knows them', async () => {
  const expected = SANDBOX_CHAINS.map((chain) => ({
    ...chain,
    minWithdrawalAmount: expect.stringMatching(/^1(\.0+)?$/),
    status: 'active',
  })).sort((a, b) => a.code.localeCompare(b.code));
  expect(await rows()).toEqual(expected);
  // The sandbox's own set-up finds them and adds nothing.
  await ensureSandboxChains(db());
  expect(await rows()).toHaveLength(2);
});
