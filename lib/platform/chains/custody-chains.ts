// Owns which chains a deployment offers: the ones its custodian holds USDT on (CUSTODY_CHAINS), applied by the migrate
// step that every start and deployment runs. Every deployment knows the chains (migrations); the custodian decides.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { EnvError } from '@/lib/platform/env';

export interface OfferedChains {
  active: string[];
  disabled: string[];
}

/**
 * Makes exactly `codes` the active chains and disables the others; a code no chain has is refused, naming the known
 * ones, and nothing changes. Disabling hides a chain from new wallets and deposit addresses; rows that name it stay.
 */
export async function applyCustodyChains(
  executor: Executor,
  codes: readonly string[],
): Promise<OfferedChains> {
  const known = (await executor.select({ code: chains.code }).from(chains).orderBy(chains.code)).map(
    (row) => row.code,
  );
  const unknown = codes.filter((code) => !known.includes(code));
  if (unknown.length > 0)
    throw new EnvError([
      `CUSTODY_CHAINS names ${unknown.join(', ')}, which this deployment does not know (known: ${known.join(', ')})`,
    ]);
  const listed = sql`array[${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  await executor.execute(sql`
    update chains
    set status = case when code = any(${listed}) then 'active' else 'disabled' end, updated_at = now()
    where status <> case when code = any(${listed}) then 'active' else 'disabled' end`);
  return {
    active: known.filter((code) => codes.includes(code)),
    disabled: known.filter((code) => !codes.includes(code)),
  };
}
