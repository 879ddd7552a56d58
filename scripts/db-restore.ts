// Owns `npm run db:restore <backup> [target-dir]`: lays a `db:backup` backup into a new embedded directory (default
// `.data`, which must be new or empty), starts PostgreSQL on it once so it recovers, and checks it answers.
import path from 'node:path';
import postgres from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { restoreEmbedded } from '@/lib/platform/ops/embedded-backup';
import { ensureEmbeddedPostgres } from './embedded-db.mjs';

const EXTERNAL = `DATABASE_URL is set: restore an external server with pg_restore, not with this script:
  createdb payout_restored   # a new, empty database
  pg_restore --exit-on-error --no-owner --no-privileges --role=<owner> --dbname=postgres://<owner>@<host>/payout_restored payout-….dump
then run \`npm run db:migrate\` against it (DATABASE_URL and MIGRATION_DATABASE_URL; it re-grants the app role) and
point the app's DATABASE_URL at it (docs/operating.md, "Backups").`;

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.error(EXTERNAL);
    process.exit(2);
  }
  const [backup, target = '.data'] = process.argv.slice(2);
  if (!backup) {
    console.error('Usage: npm run db:restore -- <backup directory> [target directory, default .data]');
    process.exit(2);
  }
  const manifest = await restoreEmbedded({ backupDir: path.resolve(backup), targetDir: target });
  // Starting the server once replays the backup's WAL; a backup that cannot recover fails here, not at `npm start`.
  const server = await ensureEmbeddedPostgres({ dir: target });
  const sql = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await parsedRows(
      z.object({ recovering: z.boolean(), journal: z.string().nullable() }),
      sql`select pg_is_in_recovery() as recovering, to_regclass('drizzle.__drizzle_migrations')::text as journal`,
    );
    const [applied] = row?.journal
      ? await parsedRows(
          z.object({ n: z.number() }),
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      : [{ n: 0 }];
    if (row?.recovering) throw new Error('the restored server is still in recovery');
    console.log(
      [
        `Restored the backup of ${manifest.created_at} (${manifest.label}) into ${path.resolve(target)}.`,
        `  PostgreSQL recovered to ${manifest.stop_lsn}; ${applied?.n ?? 0} migrations applied.`,
        target === '.data'
          ? 'Start the app with: npm start'
          : `Use it as the app's embedded database by moving it to .data.`,
      ].join('\n'),
    );
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
