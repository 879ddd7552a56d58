// Owns `npm run db:seed`: the sandbox demo data on DATABASE_URL, or on the embedded server when it is unset.
import { db } from '@/db/client';
import { type SeedSummary, seedDemoData } from '@/lib/app/seed';
import { getBalance } from '@/lib/ledger/server';
import { ADAPTERS } from '@/lib/platform/adapters/registry';
import { EnvError, env } from '@/lib/platform/env';
import { withDatabase } from './with-database';

/** A refusal or failure the user can act on: printed as one line, exit 1. */
class SeedFailure extends Error {}

function describeCounts(counts: Record<string, number>): string {
  const n = (key: string) => counts[key] ?? 0;
  return [
    `${n('organizations')} organizations, ${n('users')} users`,
    `${n('sender_profiles')} senders, ${n('beneficiary_profiles')} beneficiaries`,
    `${n('deposits')} deposits, ${n('payout_batches')} batches (${n('payout_orders')} orders)`,
    `${n('withdrawals')} withdrawals, ${n('loans')} loans, ${n('settlement_routes')} routes with ${n('settlement_proofs')} proof files`,
  ].join(`\n${' '.repeat(16)}`);
}

async function print(summary: SeedSummary): Promise<void> {
  const balance = await getBalance(db(), summary.org_id);
  const width = Math.max(...summary.logins.map((login) => login.email.length));
  const logins = summary.logins
    .map((login) => {
      const where = login.organization ? `${login.role} of ${login.organization}` : `provider ${login.role}`;
      return `  ${login.email.padEnd(width)}  ${where}`;
    })
    .join('\n');
  console.log(
    [
      summary.created ? 'Demo data created.' : 'Demo data already present: nothing changed.',
      `  Organization  Acme Trading Ltd (${summary.org_id})`,
      `  Balance       ${balance.available} USDT available, ${balance.held} USDT held`,
      ...(summary.created ? [`  Created       ${describeCounts(summary.counts)}`] : []),
      '',
      `Demo logins (password for all: ${summary.password}):`,
      logins,
    ].join('\n'),
  );
}

/** Drizzle wraps database errors ("Failed query: …"); the database's own words are in the cause. */
function reason(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message.split('\n')[0]!);
  const code = (error as { cause?: { code?: string } }).cause?.code;
  // 42P01 undefined_table: the schema is missing, which is the one mistake with an obvious fix.
  if (code === '42P01') return `${messages.at(-1)} — run \`npm run db:migrate\` first`;
  return messages.at(-1) ?? String(error);
}

/**
 * The demo history is the sandbox's simulation (deposits with made-up hashes at allocated addresses, quotes at the
 * seed's own rates), and demo data emails nobody: the seed always runs with the sandbox adapters. A sandbox whose
 * server runs the production ones (manual custody refuses to simulate a deposit, manual rates quote nothing before a
 * sheet) would otherwise stop `npm start` at the seed's first deposit or quote.
 */
function seedWithSandboxAdapters(): void {
  for (const { variable } of Object.values(ADAPTERS)) process.env[variable] = 'sandbox';
}

async function main(): Promise<void> {
  seedWithSandboxAdapters();
  // A fresh embedded database has no schema yet: withDatabase brings it up to date (a no-op when it is current).
  await withDatabase(async () => {
    const mode = env().APP_ENV;
    if (mode !== 'sandbox') {
      throw new SeedFailure(
        `refusing to seed demo data: APP_ENV is ${mode}; the demo seed is for sandbox mode only`,
      );
    }
    await print(await seedDemoData());
  });
}

main().catch((error: unknown) => {
  const message = error instanceof EnvError || error instanceof SeedFailure ? error.message : reason(error);
  console.error(`Seed failed: ${message}`);
  process.exit(1);
});
