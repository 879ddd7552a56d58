// A tampered backup (#38 §3): restore, which runs as root, refuses a manifest that reaches outside the backup or the
// target, a file through a symbolic link, a missing or wrong SHA-256 — each before it writes anything at all.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { restoreEmbedded } from './embedded-backup';
import type { BackupManifest, ManifestFile } from './physical-backup';

let base: string;
let backupDir: string;
let targetDir: string;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every path below `base` with its bytes: what "nothing written" compares. */
function snapshot(dir = base): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(base, full)] = entry.isFile()
      ? fs.readFileSync(full, 'utf8')
      : entry.isSymbolicLink()
        ? 'link'
        : 'dir';
  }
  return out;
}

/** A small backup in the db:backup layout; `tamper` edits its manifest before it is written. */
function writeBackup(tamper: (manifest: BackupManifest) => void = () => {}): void {
  const files: Record<string, string> = {
    'data/PG_VERSION': '18\n',
    'data/base/1/1259': 'relation',
    'data/pg_wal/000000010000000000000002': 'wal',
    'embedded/postgres.json': '{"user":"postgres","password":"pw"}',
  };
  const entries: ManifestFile[] = [];
  for (const [relative, text] of Object.entries(files)) {
    const full = path.join(backupDir, ...relative.split('/'));
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    entries.push({ path: relative, size: Buffer.byteLength(text), sha256: sha256(text) });
  }
  const manifest: BackupManifest = {
    format: 'payout-physical-backup',
    version: 1,
    label: 'test',
    created_at: '2026-11-29T00:00:00.000Z',
    server_version_num: 180000,
    start_lsn: '0/2000028',
    stop_lsn: '0/2000100',
    wal_segments: ['000000010000000000000002'],
    directories: ['data', 'data/base', 'data/base/1', 'data/pg_wal', 'embedded'],
    files: entries,
  };
  tamper(manifest);
  fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
}

/** Adds a file to the backup's manifest (its bytes at `at`, default where the manifest path points). */
function addEntry(manifest: BackupManifest, relative: string, text: string, at?: string): void {
  const full = at ?? path.join(backupDir, ...relative.split('/'));
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  manifest.files.push({ path: relative, size: Buffer.byteLength(text), sha256: sha256(text) });
}

async function expectRefused(message: RegExp): Promise<void> {
  const before = snapshot();
  await expect(restoreEmbedded({ backupDir, targetDir })).rejects.toThrow(message);
  expect(snapshot()).toEqual(before);
  expect(fs.existsSync(targetDir)).toBe(false);
}

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  // Deep enough that `..` segments from the backup and from the target both land inside `base`.
  backupDir = path.join(base, 'b', 'c', 'backup');
  targetDir = path.join(base, 't', 'restored');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

it('restores an intact backup into the target', async () => {
  writeBackup();
  await restoreEmbedded({ backupDir, targetDir });
  expect(fs.readFileSync(path.join(targetDir, 'pg', 'base', '1', '1259'), 'utf8')).toBe('relation');
  expect(JSON.parse(fs.readFileSync(path.join(targetDir, 'postgres.json'), 'utf8'))).toEqual({
    user: 'postgres',
    password: 'pw',
  });
});

it('refuses a manifest path that climbs out of the target with .. (and writes nothing)', async () => {
  writeBackup((manifest) =>
    // From the backup's data/ and from the target's pg/, three levels up: b/start.mjs and base/start.mjs.
    addEntry(manifest, 'data/../../../start.mjs', 'process.exit(13)', path.join(base, 'b', 'start.mjs')),
  );
  await expectRefused(/"data\/\.\.\/\.\.\/\.\.\/start\.mjs" in its manifest leaves its directory/);
});

it('refuses an absolute manifest path', async () => {
  writeBackup((manifest) => addEntry(manifest, path.join(base, 'b', 'abs.mjs'), 'x'));
  await expectRefused(/in its manifest is an absolute path/);
});

it('refuses a directory entry that climbs out of the target', async () => {
  writeBackup((manifest) => manifest.directories.push('data/../../../escaped'));
  await expectRefused(/leaves its directory/);
});

it('refuses a file whose bytes differ from the manifest before writing any file', async () => {
  // The damaged file sorts last, so a restore that checked while copying would have written the others first.
  writeBackup((manifest) => addEntry(manifest, 'data/zz_last', 'original'));
  fs.writeFileSync(path.join(backupDir, 'data', 'zz_last'), 'tampered');
  await expectRefused(/the backup is damaged: data\/zz_last differs from its manifest/);
});

it('refuses a manifest without checksums', async () => {
  writeBackup((manifest) => {
    for (const file of manifest.files) delete (file as Partial<ManifestFile>).sha256;
  });
  await expectRefused(/gives no SHA-256 and size for data\/PG_VERSION, so it cannot be verified/);
});

it('refuses a backup file that is a symbolic link out of the backup', async () => {
  const secret = path.join(base, 'secret.txt');
  writeBackup((manifest) => {
    addEntry(manifest, 'data/zz_link', 'root-only', secret);
    fs.symlinkSync(secret, path.join(backupDir, 'data', 'zz_link'));
  });
  await expectRefused(/data\/zz_link goes through a symbolic link/);
});

it('refuses a backup directory that is a symbolic link', async () => {
  const elsewhere = path.join(base, 'elsewhere');
  writeBackup((manifest) => {
    addEntry(manifest, 'data/global/pg_control', 'control', path.join(elsewhere, 'pg_control'));
    fs.symlinkSync(elsewhere, path.join(backupDir, 'data', 'global'));
  });
  await expectRefused(/data\/global\/pg_control goes through a symbolic link/);
});

it('refuses a backup whose manifest does not list the server password file', async () => {
  writeBackup((manifest) => {
    manifest.files = manifest.files.filter((file) => file.path !== 'embedded/postgres.json');
  });
  await expectRefused(/does not list embedded\/postgres.json/);
});
