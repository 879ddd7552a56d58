// Owns backing up and restoring the embedded database of a checkout (`.data/`): the physical backup of its data
// directory, plus the two files that make the data usable — the server's password (postgres.json) and the app's
// secrets (secrets.json: sessions' AUTH_SECRET and the ENCRYPTION_KEY of webhook secrets and other ciphertexts).
import fs from 'node:fs';
import path from 'node:path';
import { embeddedServerUser, ensureEmbeddedPostgres, layout } from '@/scripts/embedded-db.mjs';
import { type BackupManifest, restorePhysicalBackup, takePhysicalBackup } from './physical-backup';

const STATE_IN_BACKUP = 'embedded/postgres.json';
const SECRETS_IN_BACKUP = 'embedded/secrets.json';

/** Backs up the embedded server of `dir` (started for the copy if it was not running, stopped again after). */
export async function backupEmbedded(options: { dir: string; destination: string }): Promise<BackupManifest> {
  const paths = layout(options.dir);
  // Never initialise a new, empty cluster just to back it up.
  if (!fs.existsSync(path.join(paths.pgDir, 'PG_VERSION'))) {
    throw new Error(`${paths.base} holds no embedded database (run npm start once, or set DATABASE_URL)`);
  }
  const server = await ensureEmbeddedPostgres({ dir: options.dir });
  try {
    return await takePhysicalBackup({
      adminUrl: server.adminUrl,
      destination: options.destination,
      extraFiles: {
        [STATE_IN_BACKUP]: paths.stateFile,
        ...(fs.existsSync(paths.secretsFile) ? { [SECRETS_IN_BACKUP]: paths.secretsFile } : {}),
      },
    });
  } finally {
    await server.stop();
  }
}

/**
 * Lays a backup into `targetDir` (an embedded directory like `.data`, which must be new or empty): `pg/` from the
 * backup's data, the password without the old port and pid, and the secrets. The next `ensureEmbeddedPostgres` on it
 * starts PostgreSQL, which recovers from the backup's WAL.
 */
export async function restoreEmbedded(options: {
  backupDir: string;
  targetDir: string;
}): Promise<BackupManifest> {
  const paths = layout(options.targetDir);
  if (fs.existsSync(paths.base) && fs.readdirSync(paths.base).length > 0) {
    throw new Error(
      `${paths.base} is not empty: restore into a new directory (move the old one aside first)`,
    );
  }
  const owner = await embeddedServerUser();
  // Verified whole before anything is written (restorePhysicalBackup): the data, the password and the secrets.
  const manifest = await restorePhysicalBackup({
    backupDir: options.backupDir,
    targetDataDir: paths.pgDir,
    owner:
      owner.uid !== undefined && owner.gid !== undefined ? { uid: owner.uid, gid: owner.gid } : undefined,
    requiredFiles: [STATE_IN_BACKUP],
  });
  // As root the server runs as `postgres`, which must reach its data directory inside ours.
  if (owner.uid !== undefined) fs.chmodSync(paths.base, 0o755);
  const state = JSON.parse(fs.readFileSync(path.join(options.backupDir, STATE_IN_BACKUP), 'utf8')) as {
    user?: string;
    password?: string;
  };
  // `wx`: a file that appeared meanwhile (or a link put there) is never written through.
  fs.writeFileSync(
    paths.stateFile,
    `${JSON.stringify({ user: state.user, password: state.password }, null, 2)}\n`,
    {
      mode: 0o600,
      flag: 'wx',
    },
  );
  // Only a secrets file the manifest lists (and so the restore verified) is taken.
  if (manifest.files.some((file) => file.path === SECRETS_IN_BACKUP)) {
    fs.copyFileSync(
      path.join(options.backupDir, SECRETS_IN_BACKUP),
      paths.secretsFile,
      fs.constants.COPYFILE_EXCL,
    );
    fs.chmodSync(paths.secretsFile, 0o600);
  }
  return manifest;
}
