// Owns `npm run db:backup [destination]`: an online physical backup of the embedded database (`.data/`), or, with
// DATABASE_URL set, the pg_dump command to use instead (this script never dumps an external server itself).
import path from 'node:path';
import { backupEmbedded } from '@/lib/platform/ops/embedded-backup';

const EXTERNAL = `DATABASE_URL is set: back up that server with its own tools, not with this script.
  pg_dump --format=custom --file=payout-$(date -u +%Y%m%dT%H%M%SZ).dump "$MIGRATION_DATABASE_URL"
Use a pg_dump of at least the server's major version (SELECT version();), as the schema owner; restore with
  pg_restore --exit-on-error --no-owner --no-privileges --role=<owner> --dbname=<new empty database> payout-….dump
and run \`npm run db:migrate\` against it (DATABASE_URL and MIGRATION_DATABASE_URL; it re-grants the app role). A managed database's own snapshots and
point-in-time recovery are the primary backup; keep AUTH_SECRET and ENCRYPTION_KEY with it (docs/operating.md, "Backups").`;

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.error(EXTERNAL);
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = path.resolve(process.argv[2] ?? path.join('backups', `payout-${stamp}`));
  const started = Date.now();
  const manifest = await backupEmbedded({ dir: '.data', destination });
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    [
      `Backup written to ${destination}`,
      `  ${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB, WAL ${manifest.wal_segments[0]}…${manifest.wal_segments.at(-1)}`,
      `  PostgreSQL ${manifest.server_version_num}, ${manifest.start_lsn} → ${manifest.stop_lsn}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      'It holds the app secrets (embedded/secrets.json) and the database password: store it encrypted.',
      `Restore with: npm run db:restore -- ${path.relative(process.cwd(), destination) || destination} [target-dir]`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
