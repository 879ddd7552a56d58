// Owns the online physical backup of a PostgreSQL data directory through the server's low-level API
// (pg_backup_start / copy / pg_backup_stop, PostgreSQL manual "Making a Base Backup Using the Low Level API"), and
// laying such a backup into a fresh data directory that the same PostgreSQL major version starts from by recovering.
// Only for a server on this machine (the embedded one): it reads the data directory from the file system.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { createInside, mkdirInside } from './confined-write';

export const MANIFEST_FILE = 'manifest.json';
export const DATA_SUBDIR = 'data';
const FORMAT = 'payout-physical-backup';

export interface ManifestFile {
  /** Relative to the backup's root, `/`-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  label: string;
  created_at: string;
  /** `server_version_num` of the server backed up: restore only with the same major version. */
  server_version_num: number;
  start_lsn: string;
  stop_lsn: string;
  /** The WAL segments copied into data/pg_wal, from the one holding start_lsn to the one holding stop_lsn. */
  wal_segments: string[];
  /** Every directory of the backup, empty ones included (PostgreSQL needs pg_wal/archive_status, pg_notify…). */
  directories: string[];
  files: ManifestFile[];
}

/**
 * What the manual says to leave out of a base backup: the contents of these directories (the directories themselves
 * are kept, empty), these files anywhere, and temporary files. pg_wal's contents are added back after the stop.
 */
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const EXCLUDED_TOP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const isTemporary = (name: string) => name.startsWith('pgsql_tmp') || name === 'pg_internal.init';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

/**
 * A pass-through stage that counts and hashes what flows through it, so a copy measures its bytes in the one read it
 * makes; `digest()` once the pipeline has finished.
 */
function hashingTap(): { tap: Transform; digest: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, digest: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Copies `source` to `target` and answers the size and SHA-256 of what was copied (one read of the source). */
async function copyHashed(source: string, target: string): Promise<{ size: number; sha256: string } | null> {
  const { tap, digest } = hashingTap();
  try {
    await pipeline(fs.createReadStream(source), tap, fs.createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    // A relation dropped (or a temporary file removed) while we copied: the WAL replay accounts for it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      fs.rmSync(target, { force: true });
      return null;
    }
    throw error;
  }
  return digest();
}

interface CopyState {
  root: string;
  files: ManifestFile[];
  directories: string[];
}

async function copyTree(source: string, target: string, relative: string, state: CopyState): Promise<void> {
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  state.directories.push(toPosix(path.relative(state.root, target)));
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(source, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const name = entry.name;
    const childRelative = relative ? `${relative}/${name}` : name;
    if (isTemporary(name)) continue;
    if (relative === '' && EXCLUDED_TOP_FILES.has(name)) continue;
    const from = path.join(source, name);
    const to = path.join(target, name);
    if (entry.isSymbolicLink()) {
      // Tablespaces live outside the data directory (pg_tblspc links): this backup would silently miss them.
      throw new Error(`${childRelative} is a symbolic link (a tablespace?): not supported by this backup`);
    }
    if (entry.isDirectory()) {
      if (relative === '' && EMPTIED_DIRECTORIES.has(name)) {
        fs.mkdirSync(to, { mode: 0o700 });
        state.directories.push(toPosix(path.relative(state.root, to)));
        continue;
      }
      await copyTree(from, to, childRelative, state);
    } else if (entry.isFile()) {
      const copied = await copyHashed(from, to);
      if (copied) state.files.push({ path: toPosix(path.relative(state.root, to)), ...copied });
    }
  }
}

function assertEmptyOrMissing(dir: string, what: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${what} ${dir} is not empty: give a new or empty directory`);
  }
}

export interface TakeBackupOptions {
  /** A superuser's connection URL (pg_backup_start and the temporary replication slot need it). */
  adminUrl: string;
  /** Where the backup goes; created, and refused when it exists with anything in it. */
  destination: string;
  label?: string;
  /** More files to keep beside the data (the embedded server's password and the app's secrets), by backup path. */
  extraFiles?: Record<string, string>;
}

/**
 * Takes an online backup of the server at `adminUrl`, whose data directory must be readable here. Writes
 * `data/` (a data directory with backup_label and the WAL it needs, so it recovers without an archive),
 * the extra files, and `manifest.json` last: a backup without a manifest is incomplete.
 */
/** What pg_backup_stop hands back: the backup's end, and the two files the copy must hold to recover. */
const BackupStopRow = z.object({
  lsn: z.string(),
  labelfile: z.string(),
  spcmapfile: z.string(),
  walfile: z.string(),
});

export async function takePhysicalBackup(options: TakeBackupOptions): Promise<BackupManifest> {
  const destination = path.resolve(options.destination);
  assertEmptyOrMissing(destination, 'the backup destination');
  fs.mkdirSync(destination, { recursive: true, mode: 0o700 });
  const label = options.label ?? `payout backup ${new Date().toISOString()}`;
  const sql = postgres(options.adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  // pg_backup_start and pg_backup_stop must run on one session; so must the temporary slot that keeps WAL around.
  const session = await sql.reserve();
  try {
    const [server] = await parsedRows(
      z.object({ data_directory: z.string(), version: z.number() }),
      session`select current_setting('data_directory') as data_directory,
        current_setting('server_version_num')::int as version`,
    );
    const dataDir = server!.data_directory;
    // A temporary physical slot reserves WAL from now on, so no checkpoint during the copy can recycle a segment the
    // backup needs (what pg_basebackup does); it goes away with the session.
    const slot = `payout_backup_${process.pid}_${Date.now()}`;
    await session`select pg_create_physical_replication_slot(${slot}, true, true)`;
    const [start] = await parsedRows(
      z.object({ lsn: z.string(), walfile: z.string() }),
      session`select lsn::text, pg_walfile_name(lsn) as walfile from pg_backup_start(${label}, fast => true) as lsn`,
    );

    const state: CopyState = { root: destination, files: [], directories: [] };
    const dataTarget = path.join(destination, DATA_SUBDIR);
    let stop: z.output<typeof BackupStopRow> | undefined;
    try {
      await copyTree(dataDir, dataTarget, '', state);
    } finally {
      // Always end the backup mode, even when the copy failed.
      [stop] = await parsedRows(
        BackupStopRow,
        session`select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as walfile
          from pg_backup_stop(wait_for_archive => false)`,
      );
    }
    if (!stop) throw new Error('pg_backup_stop answered nothing');

    const writeText = (relative: string, text: string) => {
      fs.writeFileSync(path.join(dataTarget, relative), text, { mode: 0o600 });
      const bytes = Buffer.from(text);
      state.files.push({
        path: `${DATA_SUBDIR}/${relative}`,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    };
    writeText('backup_label', stop.labelfile);
    if (stop.spcmapfile) writeText('tablespace_map', stop.spcmapfile);

    // pg_backup_stop switched to a new segment, so every segment from start to stop is complete in pg_wal now.
    const timeline = start!.walfile.slice(0, 8);
    const first = start!.walfile.slice(8);
    const last = stop.walfile.slice(8);
    const walSource = path.join(dataDir, 'pg_wal');
    const segments = fs
      .readdirSync(walSource)
      .filter((name) => WAL_SEGMENT.test(name) && name.startsWith(timeline))
      .filter((name) => name.slice(8) >= first && name.slice(8) <= last)
      .sort();
    if (segments[0] !== start!.walfile || segments.at(-1) !== stop.walfile) {
      throw new Error(`WAL from ${start!.walfile} to ${stop.walfile} is not all in ${walSource}`);
    }
    const history = fs.readdirSync(walSource).filter((name) => /^[0-9A-F]{8}\.history$/.test(name));
    for (const name of [...segments, ...history]) {
      const copied = await copyHashed(path.join(walSource, name), path.join(dataTarget, 'pg_wal', name));
      if (!copied) throw new Error(`WAL file ${name} disappeared while the backup copied it`);
      state.files.push({ path: `${DATA_SUBDIR}/pg_wal/${name}`, ...copied });
    }
    for (const dir of ['archive_status', 'summaries']) {
      fs.mkdirSync(path.join(dataTarget, 'pg_wal', dir), { recursive: true, mode: 0o700 });
      state.directories.push(`${DATA_SUBDIR}/pg_wal/${dir}`);
    }

    for (const [relative, source] of Object.entries(options.extraFiles ?? {})) {
      const target = path.join(destination, relative);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const copied = await copyHashed(source, target);
      if (!copied) throw new Error(`${source} is missing`);
      state.files.push({ path: toPosix(relative), ...copied });
    }

    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      label,
      created_at: new Date().toISOString(),
      server_version_num: server!.version,
      start_lsn: start!.lsn,
      stop_lsn: stop.lsn,
      wal_segments: segments,
      directories: [...new Set(state.directories)].filter(Boolean).sort(),
      files: state.files.sort((a, b) => a.path.localeCompare(b.path)),
    };
    fs.writeFileSync(path.join(destination, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    return manifest;
  } finally {
    session.release();
    await sql.end({ timeout: 5 });
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * A manifest path as its segments, refused unless it stays inside the backup: a tampered manifest must not make
 * restore (run as root) read or write anywhere else (`data/../../scripts/start.mjs` would run at the next start).
 */
function manifestSegments(relative: unknown): string[] {
  if (typeof relative !== 'string' || relative === '') {
    throw new Error('the backup is refused: its manifest lists an entry without a path');
  }
  const shown = JSON.stringify(relative);
  if (relative.startsWith('/') || /^[A-Za-z]:/.test(relative)) {
    throw new Error(`the backup is refused: ${shown} in its manifest is an absolute path`);
  }
  // db:backup writes `/`-separated names of a PostgreSQL data directory: neither character ever occurs in one.
  if (relative.includes('\\') || relative.includes('\0')) {
    throw new Error(`the backup is refused: ${shown} in its manifest holds a backslash or a NUL byte`);
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..')) {
    throw new Error(`the backup is refused: ${shown} in its manifest leaves its directory (a .. segment)`);
  }
  if (segments.some((segment) => segment === '' || segment === '.')) {
    throw new Error(`the backup is refused: ${shown} in its manifest is not a plain relative path`);
  }
  return segments;
}

/**
 * Refuses a symbolic link anywhere on the way from the backup's `root` to `segments` (each level is looked at, not
 * followed): a link would make restore copy files from elsewhere. (The target side: lib/platform/ops/confined-write.ts.)
 */
function assertNoLinkBelow(root: string, segments: string[], shown: string): fs.Stats | undefined {
  let current = root;
  let stats: fs.Stats | undefined;
  for (const segment of segments) {
    current = path.join(current, segment);
    stats = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stats) return undefined;
    if (stats.isSymbolicLink()) {
      throw new Error(`the backup is refused: ${shown} goes through a symbolic link (${current})`);
    }
  }
  return stats;
}

async function sha256Of(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Reads a backup's manifest: its format, and that every entry is a plain relative path with a size and a SHA-256. */
export function readManifest(backupDir: string): BackupManifest {
  const manifestFile = path.join(backupDir, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${backupDir} has no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version !== 1) {
    throw new Error(`${manifestFile} is not a ${FORMAT} manifest of version 1`);
  }
  if (!Array.isArray(manifest.files) || !Array.isArray(manifest.directories)) {
    throw new Error(`${manifestFile} lists no files or no directories`);
  }
  const seen = new Set<string>();
  for (const file of manifest.files) {
    manifestSegments(file.path);
    if (seen.has(file.path))
      throw new Error(`the backup is refused: ${file.path} is listed twice in its manifest`);
    seen.add(file.path);
    if (
      typeof file.sha256 !== 'string' ||
      !SHA256_HEX.test(file.sha256) ||
      !Number.isSafeInteger(file.size)
    ) {
      throw new Error(
        `the backup is refused: its manifest gives no SHA-256 and size for ${file.path}, so it cannot be verified (take a new backup with npm run db:backup)`,
      );
    }
  }
  for (const dir of manifest.directories) manifestSegments(dir);
  return manifest;
}

/**
 * Checks a whole backup before anything is restored from it: the manifest's paths stay inside the backup, each file
 * is a regular file reached through no symbolic link, and its size and SHA-256 are the manifest's. `requiredFiles`
 * must be listed (and so verified) too.
 */
export async function verifyBackup(backupDir: string, requiredFiles: string[] = []): Promise<BackupManifest> {
  const manifest = readManifest(backupDir);
  const root = path.resolve(backupDir);
  for (const required of requiredFiles) {
    if (!manifest.files.some((file) => file.path === required)) {
      throw new Error(`the backup is refused: its manifest does not list ${required}`);
    }
  }
  for (const file of manifest.files) {
    const stats = assertNoLinkBelow(root, manifestSegments(file.path), file.path);
    if (!stats?.isFile() || stats.size !== file.size) {
      throw new Error(`the backup is damaged: ${file.path} is missing or truncated`);
    }
    const actual = await sha256Of(path.join(root, ...file.path.split('/')));
    if (actual.size !== file.size || actual.sha256 !== file.sha256) {
      throw new Error(`the backup is damaged: ${file.path} differs from its manifest (SHA-256)`);
    }
  }
  return manifest;
}

export interface RestoreOptions {
  backupDir: string;
  /** The new data directory: must not exist, or be empty. */
  targetDataDir: string;
  /** Owner of the restored files (the server's system user when running as root). */
  owner?: { uid: number; gid: number };
  /** Files outside `data/` the caller will read after the restore: refused unless the manifest lists them. */
  requiredFiles?: string[];
}

/** Hands a restored tree to the server's user, never following a link (done last, so no one else owns it while we write). */
function chownTree(dir: string, owner: { uid: number; gid: number }): void {
  fs.lchownSync(dir, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, owner);
    else fs.lchownSync(full, owner.uid, owner.gid);
  }
}

/**
 * Lays a backup's data directory into `targetDataDir`. The whole backup is verified first (paths, links, every
 * SHA-256), so a damaged or tampered backup writes nothing; each file is hashed again as it is copied, and created
 * with O_EXCL | O_NOFOLLOW under directories checked level by level, so nothing is written outside the target.
 * PostgreSQL started on it reads backup_label and replays the WAL shipped in pg_wal up to the backup's end: crash
 * recovery, no archive needed.
 */
export async function restorePhysicalBackup(options: RestoreOptions): Promise<BackupManifest> {
  const target = path.resolve(options.targetDataDir);
  assertEmptyOrMissing(target, 'the target data directory');
  const manifest = await verifyBackup(options.backupDir, options.requiredFiles);
  const backupRoot = path.resolve(options.backupDir);
  const dataPrefix = `${DATA_SUBDIR}/`;
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  fs.chmodSync(target, 0o700);
  for (const dir of manifest.directories) {
    if (!dir.startsWith(dataPrefix)) continue;
    mkdirInside(target, manifestSegments(dir.slice(dataPrefix.length)));
  }
  for (const file of manifest.files) {
    if (!file.path.startsWith(dataPrefix)) continue;
    const source = path.join(backupRoot, ...file.path.split('/'));
    if (fs.lstatSync(source).isSymbolicLink()) {
      throw new Error(`the backup is refused: ${file.path} is a symbolic link`);
    }
    const { tap, digest } = hashingTap();
    await pipeline(
      fs.createReadStream(source),
      tap,
      createInside(target, manifestSegments(file.path.slice(dataPrefix.length))),
    );
    const copied = digest();
    // The backup changed between the check and the copy.
    if (copied.size !== file.size || copied.sha256 !== file.sha256) {
      throw new Error(`the backup is damaged: ${file.path} differs from its manifest (SHA-256)`);
    }
  }
  if (options.owner) chownTree(target, options.owner);
  return manifest;
}
