// Owns `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded server when it is unset.
import { db } from '@/db/client';
import { migrateFromEnv } from '@/db/migrate';
import { assertReadyToStart } from '@/lib/platform/adapters/registry';
import { applyCustodyChains } from '@/lib/platform/chains/custody-chains';
import { evmChainCode } from '@/lib/platform/chains/evm-chains';
import { EnvError, env } from '@/lib/platform/env';
import { withDatabase } from './with-database';

async function main(): Promise<void> {
  // Production: the whole start-up check (npm start runs this step first), before an embedded database could be
  // started for a missing DATABASE_URL.
  if (process.env.APP_ENV === 'production') assertReadyToStart(process.env);
  // withDatabase validates the whole environment, not just DATABASE_URL: `npm start` runs this first, so a missing
  // or bad variable stops the launch here with a message naming it, before any server starts.
  await withDatabase(
    async () => {
      // As MIGRATION_DATABASE_URL (the owner) when set, granting DATABASE_URL's role what the app needs.
      const { applied } = await migrateFromEnv(process.env);
      console.log(applied === 0 ? 'Database schema is up to date.' : `Applied ${applied} migration(s).`);
      // The custodian's chains are configuration: applied at each start, so a changed setting takes effect with it.
      // EVM custody watches one chain: unless CUSTODY_CHAINS says otherwise, it is the one offered.
      const config = env();
      const evmChain =
        config.CUSTODY_ADAPTER === 'evm' && config.CUSTODY_EVM_CHAIN_ID
          ? evmChainCode(config.CUSTODY_EVM_CHAIN_ID)
          : undefined;
      const custodyChains = config.CUSTODY_CHAINS ?? (evmChain ? [evmChain] : undefined);
      if (custodyChains) {
        const offered = await applyCustodyChains(db(), custodyChains);
        console.log(
          `Chains offered (CUSTODY_CHAINS): ${offered.active.join(', ')}${offered.disabled.length > 0 ? `; disabled: ${offered.disabled.join(', ')}` : ''}.`,
        );
      }
    },
    { migrateEmbedded: false },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
