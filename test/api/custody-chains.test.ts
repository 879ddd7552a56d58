// The chains a deployment offers are its custodian's (CUSTODY_CHAINS, applied by the migrate step): the others are
// disabled, so a client sees no deposit address on them; a chain the deployment does not know is refused by name.
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { applyCustodyChains } from '@/lib/platform/chains/custody-chains';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const statuses = async () =>
  Object.fromEntries(
    (
      await db().select({ code: chains.code, status: chains.status }).from(chains).orderBy(asc(chains.code))
    ).map((row) => [row.code, row.status]),
  );

async function addressChains(client: ReturnType<typeof apiClient>): Promise<string[]> {
  const listed = await client.request<{ items: { chain: string }[] }>('GET', '/api/v2/funding/addresses');
  return listed.data.items.map((item) => item.chain).sort();
}

it('offers exactly the custodian’s chains, and refuses a chain it does not know without changing any', async () => {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  expect(await addressChains(client)).toEqual(['ethereum', 'tron']);

  expect(await applyCustodyChains(db(), ['tron'])).toEqual({ active: ['tron'], disabled: ['ethereum'] });
  expect(await statuses()).toEqual({ ethereum: 'disabled', tron: 'active' });
  expect(await addressChains(client)).toEqual(['tron']);

  await expect(applyCustodyChains(db(), ['tron', 'bsc'])).rejects.toThrow(
    'CUSTODY_CHAINS names bsc, which this deployment does not know (known: ethereum, tron)',
  );
  expect(await statuses()).toEqual({ ethereum: 'disabled', tron: 'active' });

  // The custodian adds Ethereum back: the organization's address on it is offered again.
  expect(await applyCustodyChains(db(), ['tron', 'ethereum'])).toEqual({
    active: ['ethereum', 'tron'],
    disabled: [],
  });
  expect(await addressChains(client)).toEqual(['ethereum', 'tron']);
});
